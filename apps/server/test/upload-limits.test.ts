import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from './harness.js';
import { newUser, signIn } from './factories.js';
import { call, pdfFile, pngImage, uploadAttachment } from './helpers.js';

const kinds = await dialects();

describe.each(kinds)('attachment limits under concurrency (%s)', (kind) => {
  let t: TestApp;
  let anna: string;
  beforeAll(async () => {
    t = await startApp(kind);
    anna = await signIn(t, await newUser(t));
  });
  afterAll(() => t.close());

  const draft = async (text: string) =>
    (await call(t.app, 'POST', '/api/messages/', { auth: anna, payload: { text } })).body.id as number;

  it('keeps exactly 2 photos and 3 PDFs when 8 of each arrive at once, and refuses the rest in German', async () => {
    const id = await draft('Acht und acht');
    const [png, pdf] = await Promise.all([pngImage(), pdfFile()]);
    const replies = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) =>
        uploadAttachment(t.app, anna, id, { filename: `foto-${i}.png`, type: 'image/png', data: png }),
      ),
      ...Array.from({ length: 8 }, (_, i) =>
        uploadAttachment(t.app, anna, id, { filename: `plan-${i}.pdf`, type: 'application/pdf', data: pdf }),
      ),
    ]);
    const images = replies.slice(0, 8);
    const pdfs = replies.slice(8);
    expect(images.filter((r) => r.status === 201)).toHaveLength(2);
    expect(pdfs.filter((r) => r.status === 201)).toHaveLength(3);
    for (const r of images.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ document: ['Pro Beitrag sind höchstens 2 Fotos erlaubt.'] });
    }
    for (const r of pdfs.filter((x) => x.status !== 201)) {
      expect(r.body).toEqual({ document: ['Pro Beitrag sind höchstens 3 PDF-Dokumente erlaubt.'] });
    }
    const post = await call(t.app, 'GET', `/api/messages/${id}/`, { auth: anna });
    expect(post.body.documents.map((d: { kind: string }) => d.kind).sort()).toEqual([
      'image',
      'image',
      'pdf',
      'pdf',
      'pdf',
    ]);
    // Refused uploads leave no files behind: two photos and their thumbnails, three PDFs.
    const stored = await t.app.ctx.db
      .selectFrom('message_documents')
      .select(['file_key', 'thumbnail_key'])
      .where('message_id', '=', id)
      .execute();
    const keys = stored.flatMap((r) => [r.file_key, r.thumbnail_key]).filter(Boolean) as string[];
    expect(keys).toHaveLength(7);
    for (const key of keys) expect(await t.app.ctx.storage.open(key)).not.toBeNull();
  });

  it('refuses a photo above 50 megapixels before decoding it, with a German message that says why', async () => {
    const id = await draft('Riesenfoto');
    // 10000 × 5100: 51 MP in a small file (one colour), the shape a 200 MP camera mode produces.
    const huge = await sharp({ create: { width: 10_000, height: 5_100, channels: 3, background: '#777' } })
      .jpeg({ quality: 50 })
      .toBuffer();
    const res = await uploadAttachment(t.app, anna, id, { filename: 'riesig.jpg', type: 'image/jpeg', data: huge });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      document: [
        'Das Foto riesig.jpg hat 51 Megapixel; erlaubt sind höchstens 50. Bitte wählen Sie eine kleinere Auflösung.',
      ],
    });
  });

  it('accepts a 48-megapixel phone photo and stores it at most 2048 pixels wide', async () => {
    const id = await draft('Volle Auflösung');
    const photo = await sharp({ create: { width: 8064, height: 6048, channels: 3, background: '#4a7' } })
      .jpeg({ quality: 60 })
      .toBuffer();
    const res = await uploadAttachment(t.app, anna, id, { filename: 'iphone.jpg', type: 'image/jpeg', data: photo });
    expect(res.status).toBe(201);
    const stored = await t.app.ctx.db
      .selectFrom('message_documents')
      .select('file_key')
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    const file = await t.app.ctx.storage.open(stored.file_key);
    const chunks: Buffer[] = [];
    for await (const c of file!.stream) chunks.push(c as Buffer);
    const meta = await sharp(Buffer.concat(chunks)).metadata();
    expect([meta.width, meta.height]).toEqual([2048, 1536]);
  });

  it('refuses HEIC and GIF by their content, naming the formats it takes', async () => {
    const id = await draft('Falsche Formate');
    // An ISO-BMFF header with the HEIC brand, as an iPhone writes it.
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypheic'),
      Buffer.from([0, 0, 0, 0]),
      Buffer.from('mif1heic'),
      Buffer.alloc(64),
    ]);
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    for (const [filename, data] of [
      ['IMG_0001.HEIC', heic],
      ['bild.jpg', gif],
    ] as const) {
      const res = await uploadAttachment(t.app, anna, id, { filename, type: 'image/jpeg', data });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        document: [
          `Die Datei ${filename} hat ein nicht unterstütztes Format. Erlaubt sind PDF-Dokumente, JPEG-, PNG- oder WebP-Bilder.`,
        ],
      });
    }
  });
});
