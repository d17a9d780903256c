import { describe, expect, it } from 'vitest';
import { i18next } from '@/i18n';
import { pickFiles, type Picked } from './pick-files';

const t = i18next.getFixedT('de');

function file(name: string, type: string, size = 1000): File {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

describe('pickFiles', () => {
  it("refuses a file over 10 MB with 'Die Datei {filename} ist zu gross'", () => {
    const result = pickFiles([], [file('gross.jpg', 'image/jpeg', 10_485_761)], 'image', t);
    expect(result.picked).toHaveLength(0);
    expect(result.errors).toEqual(['Die Datei gross.jpg ist zu gross']);
  });

  it('keeps at most 2 photos', () => {
    const result = pickFiles(
      [],
      [file('a.jpg', 'image/jpeg'), file('b.png', 'image/png'), file('c.jpg', 'image/jpeg')],
      'image',
      t,
    );
    expect(result.picked.map((p) => p.file.name)).toEqual(['a.jpg', 'b.png']);
    expect(result.errors).toEqual(['Sie können höchstens 2 Fotos anhängen.']);
  });

  it('keeps at most 3 PDFs, counting those already picked', () => {
    const current: Picked[] = pickFiles(
      [],
      [file('1.pdf', 'application/pdf'), file('2.pdf', 'application/pdf')],
      'pdf',
      t,
    ).picked;
    const result = pickFiles(current, [file('3.pdf', 'application/pdf'), file('4.pdf', 'application/pdf')], 'pdf', t);
    expect(result.picked.map((p) => p.file.name)).toEqual(['1.pdf', '2.pdf', '3.pdf']);
    expect(result.errors).toEqual(['Sie können höchstens 3 PDF-Dokumente anhängen.']);
  });

  it('accepts only PDFs as documents', () => {
    const result = pickFiles([], [file('brief.docx', 'application/msword')], 'pdf', t);
    expect(result.picked).toHaveLength(0);
    expect(result.errors).toEqual(['Die Datei brief.docx ist kein PDF-Dokument.']);
  });
});
