import { describe, expect, it } from 'vitest';
import { i18next } from '@/i18n';
import { pickFiles, type Picked } from './pick-files';

const t = i18next.getFixedT('de');

/** The first bytes of each format, as a phone or a scanner writes them. */
const START = {
  jpeg: [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46],
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d],
  webp: [...'RIFF']
    .map((c) => c.charCodeAt(0))
    .concat(
      [0x24, 0, 0, 0],
      [...'WEBPVP8 '].map((c) => c.charCodeAt(0)),
    ),
  pdf: [...'%PDF-1.7\n'].map((c) => c.charCodeAt(0)),
  heic: [0, 0, 0, 0x18, ...[...'ftypheicmif1'].map((c) => c.charCodeAt(0))],
  gif: [...'GIF89a'].map((c) => c.charCodeAt(0)),
  docx: [0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0x06, 0],
};

function file(name: string, start: keyof typeof START, type = '', size?: number): File {
  const f = new File([new Uint8Array([...START[start], ...new Array(32).fill(0)])], name, { type });
  if (size !== undefined) Object.defineProperty(f, 'size', { value: size });
  return f;
}

describe('pickFiles', () => {
  it("refuses a file over 10 MB with 'Die Datei {filename} ist zu gross'", async () => {
    const result = await pickFiles([], [file('gross.jpg', 'jpeg', 'image/jpeg', 10_485_761)], 'image', t);
    expect(result.picked).toHaveLength(0);
    expect(result.errors).toEqual(['Die Datei gross.jpg ist zu gross']);
  });

  it('keeps at most 2 photos', async () => {
    const result = await pickFiles(
      [],
      [file('a.jpg', 'jpeg', 'image/jpeg'), file('b.png', 'png', 'image/png'), file('c.webp', 'webp', 'image/webp')],
      'image',
      t,
    );
    expect(result.picked.map((p) => p.file.name)).toEqual(['a.jpg', 'b.png']);
    expect(result.errors).toEqual(['Sie können höchstens 2 Fotos anhängen.']);
  });

  it('keeps at most 3 PDFs, counting those already picked', async () => {
    const current: Picked[] = (
      await pickFiles([], [file('1.pdf', 'pdf', 'application/pdf'), file('2.pdf', 'pdf')], 'pdf', t)
    ).picked;
    const result = await pickFiles(current, [file('3.pdf', 'pdf'), file('4.pdf', 'pdf')], 'pdf', t);
    expect(result.picked.map((p) => p.file.name)).toEqual(['1.pdf', '2.pdf', '3.pdf']);
    expect(result.errors).toEqual(['Sie können höchstens 3 PDF-Dokumente anhängen.']);
  });

  it('accepts only PDFs as documents, judged by their content', async () => {
    const result = await pickFiles([], [file('brief.pdf', 'docx', 'application/pdf')], 'pdf', t);
    expect(result.picked).toHaveLength(0);
    expect(result.errors).toEqual(['Die Datei brief.pdf ist kein PDF-Dokument.']);
  });

  it('refuses HEIC and GIF photos before anything is sent, whatever their name says', async () => {
    const result = await pickFiles(
      [],
      [file('IMG_0042.HEIC', 'heic', 'image/heic'), file('gruss.jpg', 'gif', 'image/jpeg')],
      'image',
      t,
    );
    expect(result.picked).toHaveLength(0);
    expect(result.errors).toEqual([
      'Die Datei IMG_0042.HEIC ist kein Foto im Format JPEG, PNG oder WebP (HEIC und GIF gehen nicht).',
      'Die Datei gruss.jpg ist kein Foto im Format JPEG, PNG oder WebP (HEIC und GIF gehen nicht).',
    ]);
  });

  it('takes a photo by its content even when the name or type is wrong', async () => {
    const result = await pickFiles([], [file('foto', 'png'), file('bild.heic', 'jpeg', 'image/heic')], 'image', t);
    expect(result.picked.map((p) => p.file.name)).toEqual(['foto', 'bild.heic']);
    expect(result.errors).toEqual([]);
  });
});
