import { describe, expect, it } from 'vitest';
import { APARTMENT_TWICE, INVALID_EMAIL } from '@hausportal/contract';
import {
  describeLineErrors,
  fieldOfHeader,
  mergeLineErrors,
  parseResidentCsv,
  shortLineErrors,
  validateRows,
} from './csv';

describe('resident CSV parsing', () => {
  it('reads a semicolon file with German headers and a byte-order mark', () => {
    const text =
      '\uFEFFWohnung;Name;E-Mail;Rezeption\r\nA-0101;Anna Beispiel;anna@example.org;nein\r\nA-0102;Jörg Öztürk;;ja\r\n';
    const parsed = parseResidentCsv(text);
    expect(parsed.fileErrors).toEqual([]);
    expect(parsed.fields).toEqual(['apartment_number', 'name', 'email', 'is_receptionist']);
    expect(parsed.rows).toEqual([
      {
        apartment_number: 'A-0101',
        name: 'Anna Beispiel',
        email: 'anna@example.org',
        is_receptionist: 'nein',
        line: 2,
      },
      { apartment_number: 'A-0102', name: 'Jörg Öztürk', email: '', is_receptionist: 'ja', line: 3 },
    ]);
  });

  it('reads a comma file with English headers and quoted fields', () => {
    const text =
      'apartment_number,name,email,emergency_services_deactivated\nB-1,"Muster, Max",max@example.org,1\nB-2,Eva,,0';
    const parsed = parseResidentCsv(text);
    expect(parsed.fileErrors).toEqual([]);
    expect(parsed.rows[0]).toEqual({
      apartment_number: 'B-1',
      name: 'Muster, Max',
      email: 'max@example.org',
      emergency_services_deactivated: '1',
      line: 2,
    });
    expect(parsed.rows[1]!.line).toBe(3);
  });

  it('leaves out optional columns the file does not have, so the server keeps those values', () => {
    const parsed = parseResidentCsv('Wohnung;Name\nA-1;Anna');
    expect(parsed.rows).toEqual([{ apartment_number: 'A-1', name: 'Anna', line: 2 }]);
    expect(parsed.rows[0]).not.toHaveProperty('email');
  });

  it('skips blank lines but keeps counting them, so the line numbers match the spreadsheet', () => {
    const parsed = parseResidentCsv('Wohnung;Name\n\nA-1;Anna\n;\nA-2;Ben\n');
    expect(parsed.rows.map((r) => [r.apartment_number, r.line])).toEqual([
      ['A-1', 3],
      ['A-2', 5],
    ]);
  });

  it('names every missing required column in German', () => {
    const parsed = parseResidentCsv('Vorname;E-Mail\nAnna;anna@example.org');
    expect(parsed.fileErrors).toEqual([
      'Die Spalte Wohnung (apartment_number) fehlt in der Kopfzeile.',
      'Die Spalte Name (name) fehlt in der Kopfzeile.',
    ]);
  });

  it('refuses a file with a header and nothing under it', () => {
    expect(parseResidentCsv('Wohnung;Name\n\n').fileErrors).toEqual([
      'Die Datei enthält keine Zeilen unter der Kopfzeile.',
    ]);
    expect(parseResidentCsv('').fileErrors).toHaveLength(2);
  });

  it('refuses more than 10,000 rows', () => {
    const text = `Wohnung;Name\n${Array.from({ length: 10_001 }, (_, i) => `W-${i};P ${i}`).join('\n')}`;
    expect(parseResidentCsv(text).fileErrors).toEqual(['Höchstens 10.000 Zeilen pro Datei.']);
  });

  it('recognises header spellings with blanks, dashes and case', () => {
    expect(fieldOfHeader(' E-Mail ')).toBe('email');
    expect(fieldOfHeader('Wohnungsnummer')).toBe('apartment_number');
    expect(fieldOfHeader('Notrufdienste deaktiviert')).toBe('emergency_services_deactivated');
    expect(fieldOfHeader('is_receptionist')).toBe('is_receptionist');
    expect(fieldOfHeader('Telefon')).toBeNull();
  });

  it('parses 5,000 rows quickly', () => {
    const text = `Wohnung;Name;E-Mail\n${Array.from({ length: 5000 }, (_, i) => `W-${i};Person ${i};p${i}@example.org`).join('\n')}`;
    const started = performance.now();
    const parsed = parseResidentCsv(text);
    const errors = validateRows(parsed.rows);
    expect(parsed.rows).toHaveLength(5000);
    expect(errors).toEqual([]);
    expect(performance.now() - started).toBeLessThan(3000);
  });
});

describe('resident CSV validation', () => {
  it('reports each bad row with its line and German messages per field', () => {
    const { rows } = parseResidentCsv(
      'Wohnung;Name;E-Mail;Rezeption\nA-1;Anna;anna@example.org;ja\nA 2;;kaputt;vielleicht\nA-3;Ben;;\n',
    );
    const errors = validateRows(rows);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.line).toBe(3);
    expect(errors[0]!.errors.apartment_number).toEqual([
      'Nur Buchstaben, Ziffern und die Zeichen - . / _ erlaubt, ohne Leerzeichen.',
    ]);
    expect(errors[0]!.errors.name).toEqual(['Eingabe ist zwingend']);
    expect(errors[0]!.errors.email).toEqual([INVALID_EMAIL]);
    expect(errors[0]!.errors.is_receptionist).toEqual(['Erwartet ja oder nein.']);
  });

  it('finds an apartment number twice in the file, whatever the case, also far apart', () => {
    const body = Array.from({ length: 700 }, (_, i) => `W-${i};P ${i}`);
    body.push('w-3;Doppelt');
    const errors = validateRows(parseResidentCsv(`Wohnung;Name\n${body.join('\n')}`).rows);
    expect(errors).toEqual([
      { line: 5, errors: { apartment_number: ['Wohnung doppelt in Zeile 702'] } },
      { line: 702, errors: { apartment_number: ['Wohnung doppelt in Zeile 5'] } },
    ]);
  });

  it('names errors briefly for the preview’s error column', () => {
    expect(shortLineErrors({ email: [INVALID_EMAIL] })).toBe('E-Mail ungültig');
    expect(shortLineErrors({ apartment_number: ['Wohnung doppelt in Zeilen 3 und 9'] })).toBe(
      'Wohnung doppelt in Zeilen 3 und 9',
    );
    expect(
      shortLineErrors({
        apartment_number: ['Eingabe ist zwingend'],
        name: ['Höchstens 150 Zeichen erlaubt.'],
        is_receptionist: ['Erwartet ja oder nein.'],
      }),
    ).toBe('Wohnung fehlt, Name zu lang, Rezeption ungültig');
    expect(shortLineErrors({ apartment_number: ['Diese Wohnungsnummer ist bereits vergeben.'] })).toBe(
      'Wohnung schon vergeben',
    );
    expect(shortLineErrors({ apartment_number: ['Wohnungsnummern in diesem Standort beginnen mit „A-“.'] })).toBe(
      'Wohnung beginnt nicht mit „A-“',
    );
  });

  it('merges the browser check and the server dry run by line, each message once', () => {
    const merged = mergeLineErrors(
      [{ line: 4, errors: { email: [INVALID_EMAIL] } }],
      [
        { line: 2, errors: { apartment_number: ['Wohnungsnummern in diesem Standort beginnen mit „A-“.'] } },
        { line: 4, errors: { email: [INVALID_EMAIL], name: ['Eingabe ist zwingend'] } },
      ],
    );
    expect(merged).toEqual([
      { line: 2, errors: { apartment_number: ['Wohnungsnummern in diesem Standort beginnen mit „A-“.'] } },
      { line: 4, errors: { email: [INVALID_EMAIL], name: ['Eingabe ist zwingend'] } },
    ]);
  });

  it('describes a line in German with the field names', () => {
    expect(describeLineErrors({ email: [INVALID_EMAIL], apartment_number: [APARTMENT_TWICE] })).toBe(
      `E-Mail: ${INVALID_EMAIL} · Wohnungsnummer: ${APARTMENT_TWICE}`,
    );
    expect(describeLineErrors({ non_field_errors: ['Die Zeile ist kein Datensatz.'] })).toBe(
      'Die Zeile ist kein Datensatz.',
    );
  });
});
