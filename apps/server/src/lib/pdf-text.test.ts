import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/helpers.js';
import { renderActivationLetters } from '../modules/residents/residents.letters.js';
import { renderReceipt } from '../modules/tickets/tickets.receipt.js';
import { resolveDirection } from './pdf-text.js';

// The resident's PDFs in their language, Arabic right to left with its letters joined; the
// receipt's legal sentence also in German. Read back as a reader's tools extract the text.

const receipt = (language: string) =>
  renderReceipt({
    appName: 'Hausportal',
    language,
    number: '2026-000042',
    receivedAt: '2026-12-07T13:30:00Z',
    name: 'Emil Nachbar',
    apartment: 'A-0101',
    location: 'Residenz am Stadtpark',
    category: 'Wasser & Sanitär',
    scope: 'building',
    place: 'Keller, Raum 3',
    description: 'Im Keller tropft es aus dem Rohr (seit 2 Tagen).',
    consent: true,
    photos: [],
    sha256: 'ab12cd34'.repeat(8),
  });

const letter = (language: string) =>
  renderActivationLetters({
    appName: 'Hausportal',
    publicUrl: 'https://haus.example.org',
    letters: [
      {
        name: 'Emil Nachbar',
        apartmentNumber: 'A-0101',
        locationTitle: 'Residenz am Stadtpark',
        locationAddress: 'Parkallee 12, 10115 Berlin',
        locationPhone: '+49 30 1234567',
        locationEmail: '',
        language,
        code: 'ABCDEFGHJKLM',
        expiresAt: '2027-01-06T12:00:00Z',
      },
    ],
  });

describe('the ticket receipt in the resident language', () => {
  it('is Arabic for an Arabic reader, with the German § 536c BGB sentence beside it', async () => {
    const text = await pdfText(await receipt('ar'));
    expect(text).toContain('تأكيد');
    expect(text).toContain('مسموح بإرسالها');
    // Names, numbers and German content keep their order inside the Arabic page.
    for (const kept of ['Emil Nachbar', 'A-0101', '2026-000042', 'Im Keller tropft es aus dem Rohr (seit 2 Tagen).'])
      expect(text).toContain(kept);
    expect(text).toContain('(Mängelanzeige nach § 536c BGB)');
    expect(text).not.toContain('Eingangsbestätigung');
  });

  it('is Turkish for a Turkish reader and German alone for a German one', async () => {
    const turkish = await pdfText(await receipt('tr'));
    expect(turkish).toContain('Alındı belgesi');
    expect(turkish).toContain('§ 536c BGB');
    const german = await pdfText(await receipt('de'));
    expect(german).toContain('Eingangsbestätigung');
    expect(german.match(/§ 536c BGB/g)).toHaveLength(1);
  });
});

describe('the activation letter in the resident language', () => {
  it('is Arabic for an Arabic reader, the code and the apartment number as printed', async () => {
    const text = await pdfText(await letter('ar'));
    expect(text).toContain('رمز التفعيل');
    expect(text).toContain('ABCD-EFGH-JKLM');
    expect(text).toContain('A-0101');
    expect(text).not.toContain('Ihr Aktivierungscode');
  });
});

describe('the direction of a paragraph', () => {
  it('follows its first letter, and the page where it has none', () => {
    expect(resolveDirection('Keller, Raum 3', 'auto', 'rtl')).toBe('ltr');
    expect(resolveDirection('في المبنى: Keller', 'auto')).toBe('rtl');
    expect(resolveDirection('07.12.2026, 14:30', 'auto', 'rtl')).toBe('rtl');
  });
});
