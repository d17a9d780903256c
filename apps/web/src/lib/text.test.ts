import { describe, expect, it } from 'vitest';
import { apartmentPart, baseName, normalizeNumber, replaceContactTokens, telHref, truncate } from './text';

describe('truncate', () => {
  it('keeps a text of up to 150 characters as it is', () => {
    const text = 'a'.repeat(150);
    expect(truncate(text)).toBe(text);
  });

  it('cuts a longer text at 150 characters and adds an ellipsis', () => {
    const text = 'b'.repeat(151);
    expect(truncate(text)).toBe(`${'b'.repeat(150)}…`);
  });

  it('counts characters, not UTF-16 units, so emoji are never split', () => {
    const text = '🧘'.repeat(160);
    const cut = truncate(text);
    expect(Array.from(cut)).toHaveLength(151);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('does not leave white space before the ellipsis', () => {
    const text = `${'c'.repeat(149)} ${'d'.repeat(20)}`;
    expect(truncate(text)).toBe(`${'c'.repeat(149)}…`);
  });
});

describe('replaceContactTokens', () => {
  const tokens = {
    placeholder: 'Hier bitte Anliegen beschreiben.',
    profile_name: 'Anna Beispiel',
    apartment_number: 'A-0101',
    location: 'Residenz am Stadtpark',
  };

  it('fills all four tokens of a contact_text', () => {
    const template = 'Hallo, hier schreibt {profile_name} aus Wohnung {apartment_number} ({location}).\n{placeholder}';
    expect(replaceContactTokens(template, tokens)).toBe(
      'Hallo, hier schreibt Anna Beispiel aus Wohnung A-0101 (Residenz am Stadtpark).\nHier bitte Anliegen beschreiben.',
    );
  });

  it('replaces a token each time it occurs and leaves unknown braces alone', () => {
    expect(replaceContactTokens('{profile_name}/{profile_name} {unknown}', tokens)).toBe(
      'Anna Beispiel/Anna Beispiel {unknown}',
    );
  });

  it('does not interpret replacement patterns in the values', () => {
    expect(replaceContactTokens('{profile_name}', { ...tokens, profile_name: '$& $1' })).toBe('$& $1');
  });
});

describe('apartmentPart', () => {
  it('shows the part after the first dash', () => {
    expect(apartmentPart('A-0101')).toBe('0101');
    expect(apartmentPart('B-2-17')).toBe('2-17');
  });

  it('shows the whole number when there is no dash', () => {
    expect(apartmentPart('0101')).toBe('0101');
  });
});

describe('phone numbers', () => {
  it('compares numbers without spaces', () => {
    expect(normalizeNumber('+49 30 9876 5432')).toBe(normalizeNumber('+49 3098 765432'));
    expect(telHref('+49 30 9876 5432')).toBe('tel:+493098765432');
  });
});

describe('baseName', () => {
  it('drops the extension for the attachment name', () => {
    expect(baseName('Programm Sommerfest.pdf')).toBe('Programm Sommerfest');
    expect(baseName('archive.tar.gz')).toBe('archive.tar');
    expect(baseName('.hidden')).toBe('.hidden');
    expect(baseName('README')).toBe('README');
  });
});
