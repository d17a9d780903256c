import { afterEach, describe, expect, it } from 'vitest';
import { i18next, initialLanguage, setLanguage } from './index';

afterEach(async () => {
  await setLanguage('de');
  localStorage.clear();
});

describe('the language before sign-in', () => {
  it('is the one last used on this device', () => {
    expect(initialLanguage('pl', ['tr-TR', 'de'])).toBe('pl');
  });

  it("otherwise the browser's first language the app has, by its primary subtag", () => {
    expect(initialLanguage(null, ['fr-FR', 'uk-UA', 'de-DE'])).toBe('uk');
    expect(initialLanguage(null, ['ar-SY'])).toBe('ar');
    expect(initialLanguage('xx', ['TR'])).toBe('tr');
  });

  it('otherwise German', () => {
    expect(initialLanguage(null, ['fr-FR', 'es'])).toBe('de');
    expect(initialLanguage(null, [])).toBe('de');
  });
});

describe('setLanguage', () => {
  it('mirrors the page for Arabic and back for German, and remembers the choice', async () => {
    await setLanguage('ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(i18next.dir()).toBe('rtl');
    expect(localStorage.getItem('hausportal.language')).toBe('ar');
    await setLanguage('de');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(i18next.t('login.username')).toBe('Benutzername');
  });

  it("loads a language's strings only when it is chosen", async () => {
    expect(i18next.hasResourceBundle('tr', 'translation')).toBe(false);
    await setLanguage('tr');
    expect(i18next.hasResourceBundle('tr', 'translation')).toBe(true);
    expect(i18next.t('login.username')).not.toBe('Benutzername');
  });
});

describe('values inside a sentence', () => {
  it('are isolated in Arabic, so a ticket number keeps its order, and left alone in German', async () => {
    await setLanguage('ar');
    const text = i18next.t('homeNews.ticketItem', { number: '2026-000042' });
    expect(text).toContain('\u20682026-000042\u2069');
    await setLanguage('de');
    expect(i18next.t('errors.fileTooLarge', { filename: 'a.pdf' })).toBe('Die Datei a.pdf ist zu gross');
  });
});
