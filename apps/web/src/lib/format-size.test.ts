import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { formatFileSize } from './format-size';

describe('formatFileSize', () => {
  it('reads as a file manager shows it, in German', () => {
    expect(formatFileSize(0)).toBe('1 kB');
    expect(formatFileSize(420)).toBe('1 kB');
    expect(formatFileSize(240_400)).toBe('240 kB');
    expect(formatFileSize(999_600)).toBe('1 MB');
    expect(formatFileSize(1_234_567)).toBe('1,2 MB');
    expect(formatFileSize(10_485_760)).toBe('10,5 MB');
  });
});

describe('file sizes in the reader language', () => {
  afterEach(async () => {
    await setLanguage('de');
  });

  it('names the units as the language writes them: МБ in Russian, ميغابايت in Arabic', async () => {
    await setLanguage('ru');
    expect(formatFileSize(1_234_567)).toBe('1,2 МБ');
    expect(formatFileSize(240_400)).toBe('240 кБ');
    await setLanguage('ar');
    expect(formatFileSize(1_234_567)).toContain('ميغابايت');
  });
});
