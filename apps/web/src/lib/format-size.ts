import { currentLanguage, intlLocale } from '@/i18n';

const megas = new Map<string, Intl.NumberFormat>();
const mega = (locale: string): Intl.NumberFormat => {
  let fmt = megas.get(locale);
  if (!fmt) {
    fmt = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    megas.set(locale, fmt);
  }
  return fmt;
};

/**
 * A file size as people read it next to a download link: '240 kB', '1,2 MB' (decimal units, as
 * file managers show them, with the reader's decimal mark); anything under a kilobyte reads '1 kB',
 * never '0 kB'.
 */
export function formatFileSize(bytes: number): string {
  const kb = Math.max(1, Math.round(bytes / 1000));
  return kb < 1000 ? `${kb} kB` : `${mega(intlLocale(currentLanguage())).format(bytes / 1_000_000)} MB`;
}
