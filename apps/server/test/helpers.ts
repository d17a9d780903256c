import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import sharp from 'sharp';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { multipart } from './harness.js';

export interface Reply {
  status: number;
  /** The parsed JSON body, or undefined when the body is empty or not JSON. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the assertions check its shape
  body: any;
  headers: Record<string, string | string[] | number | undefined>;
  /** Cookies the response sets, by name. */
  cookies: Record<string, string>;
  raw: Buffer;
}

/** One request through app.inject(); `auth` is the Authorization header value from login(). */
export async function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  opts: {
    auth?: string;
    payload?: InjectOptions['payload'];
    headers?: Record<string, string>;
    remoteAddress?: string;
    cookies?: Record<string, string>;
  } = {},
): Promise<Reply> {
  const res = await app.inject({
    method,
    url,
    payload: opts.payload,
    remoteAddress: opts.remoteAddress,
    cookies: opts.cookies,
    headers: { ...(opts.auth ? { authorization: opts.auth } : {}), ...opts.headers },
  });
  let body: unknown;
  try {
    body = res.body ? JSON.parse(res.body) : undefined;
  } catch {
    body = undefined;
  }
  const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
  return { status: res.statusCode, body, headers: res.headers, cookies, raw: res.rawPayload };
}

/** A raw JSON body with the JSON content type, for bodies inject would not send as written. */
export const rawJson = (text: string) => ({ payload: text, headers: { 'content-type': 'application/json' } });

/** A real PNG of the given size. */
export const pngImage = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#c03030' } })
    .png()
    .toBuffer();

/** A real JPEG carrying an EXIF copyright tag, to show that uploads lose their metadata. */
export const jpegWithExif = (width = 80, height = 60) =>
  sharp({ create: { width, height, channels: 3, background: '#30c030' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'geheim', Artist: 'Anna' } } })
    .toBuffer();

/** A real one-page PDF. */
export async function pdfFile(title = 'Testdokument'): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([300, 200]);
  page.drawText(title, { x: 20, y: 150, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await pdf.save());
}

/** Uploads one attachment to a post (multipart fields name + document). */
export function uploadAttachment(
  app: FastifyInstance,
  auth: string,
  messageId: number,
  file: { filename: string; type: string; data: Buffer },
  name = file.filename.replace(/\.[^.]*$/, ''),
) {
  const mp = multipart({ name }, { field: 'document', ...file });
  return call(app, 'POST', `/api/messages/${messageId}/documents/`, { auth, payload: mp.payload, headers: mp.headers });
}

/** A DRF-shaped error body: `detail`, a status, or field names mapped to lists of strings. */
export function expectDrfError(body: unknown): void {
  expect(body, 'error body must be a JSON object').toBeTypeOf('object');
  expect(body).not.toBeNull();
  expect(Array.isArray(body)).toBe(false);
  const entries = Object.entries(body as Record<string, unknown>);
  expect(entries.length).toBeGreaterThan(0);
  for (const [key, value] of entries) {
    if (key === 'detail') expect(value).toBeTypeOf('string');
    // `status` is the reset confirm's {"status":"notfound"} or a field error of that name.
    else if (key === 'status' && typeof value === 'string') continue;
    else {
      expect(Array.isArray(value), `${key} must be a list of messages`).toBe(true);
      for (const m of value as unknown[]) expect(m).toBeTypeOf('string');
    }
  }
}

/** The list envelope of product §5.2. */
export function expectPage(body: { count: number; results: unknown[] }, count: number, length: number): void {
  expect(Object.keys(body).sort()).toEqual(['count', 'next', 'previous', 'results']);
  expect(body.count).toBe(count);
  expect(body.results).toHaveLength(length);
}

export const FORBIDDEN = { detail: 'Sie haben keine Berechtigung, diese Aktion durchzuführen.' };
export const NOT_FOUND = { detail: 'Nicht gefunden.' };
export const NO_CREDENTIALS = { detail: 'Anmeldedaten fehlen.' };

/** The text of a PDF, read back with pdf.js (unpdf), as a reader's tools would extract it. */
export async function pdfText(data: Buffer | Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const doc = await getDocumentProxy(new Uint8Array(data));
  const { text } = await extractText(doc, { mergePages: true });
  return text;
}
