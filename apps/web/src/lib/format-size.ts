import { currentLanguage, intlLocale } from '@/i18n';

type Unit = 'kilobyte' | 'megabyte';
const formats = new Map<string, Intl.NumberFormat>();
const format = (locale: string, unit: Unit): Intl.NumberFormat => {
  const key = `${locale}|${unit}`;
  let fmt = formats.get(key);
  if (!fmt) {
    // Arabic's short unit ('م.ب') is not what Arabic texts write; its long one is ('ميغابايت').
    const unitDisplay = locale.startsWith('ar') ? 'long' : 'short';
    fmt = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay, maximumFractionDigits: 1 });
    formats.set(key, fmt);
  }
  return fmt;
};

/**
 * A file size as people read it next to a download link: '240 kB', '1,2 MB' (decimal units, as
 * file managers show them, with the reader's decimal mark and unit names: 'МБ' in Cyrillic,
 * 'ميغابايت' in Arabic); anything under a kilobyte reads '1 kB', never '0 kB'.
 */
export function formatFileSize(bytes: number): string {
  const locale = intlLocale(currentLanguage());
  const kb = Math.max(1, Math.round(bytes / 1000));
  return kb < 1000 ? format(locale, 'kilobyte').format(kb) : format(locale, 'megabyte').format(bytes / 1_000_000);
}
