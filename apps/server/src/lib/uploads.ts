import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { MAX_FILE_BYTES, fileTooLargeMessage } from '@hausportal/contract';
import { ApiError, fieldError } from './errors.js';

export type UploadKind = 'image' | 'pdf';

export interface CheckedUpload {
  kind: UploadKind;
  ext: 'jpg' | 'png' | 'webp' | 'pdf';
  contentType: string;
  data: Buffer;
  filename: string;
}

const IMAGE_TYPES: Record<string, 'jpg' | 'png' | 'webp'> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

// busboy throws plain Errors (no boundary, body cut off, boundary over 256 bytes) that the error
// handler would answer with 500; they are the client's fault. Errors with a status pass through.
function malformedBody(err: unknown): unknown {
  if (err instanceof ApiError || typeof (err as { statusCode?: unknown } | null)?.statusCode === 'number') return err;
  return new ApiError(400, { detail: 'Die multipart/form-data-Daten sind fehlerhaft oder unvollständig.' });
}

/** request.parts(), but a malformed multipart body gives 400 instead of 500. */
export async function* formParts(request: FastifyRequest): AsyncGenerator<Multipart> {
  const parts = request.parts();
  for (;;) {
    let next: IteratorResult<Multipart>;
    try {
      next = await parts.next();
    } catch (err) {
      throw malformedBody(err);
    }
    if (next.done) return;
    // PostgreSQL text cannot hold U+0000 and no name needs it; drop it like the JSON hook refuses it.
    const part = next.value;
    if (part.type === 'field' && typeof part.value === 'string') part.value = part.value.replaceAll('\u0000', '');
    if (part.type === 'file') part.filename = part.filename.replaceAll('\u0000', '');
    yield part;
  }
}

/** Reads a multipart file completely, rejecting it once it passes MAX_FILE_BYTES. */
export async function readUpload(file: MultipartFile, field: string): Promise<Buffer> {
  const data = await file.toBuffer().catch((err: { code?: string }) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError(field, fileTooLargeMessage(file.filename));
    throw malformedBody(err);
  });
  if (file.file.truncated || data.length > MAX_FILE_BYTES) throw fieldError(field, fileTooLargeMessage(file.filename));
  if (data.length === 0) throw fieldError(field, 'Die übermittelte Datei ist leer.');
  return data;
}

/**
 * Decides the real type from the magic bytes, never from the name or the declared type.
 * Images are re-encoded, which also drops EXIF and GPS data.
 */
export async function checkUpload(
  data: Buffer,
  filename: string,
  field: string,
  allowed: readonly UploadKind[],
): Promise<CheckedUpload> {
  const detected = await fileTypeFromBuffer(data);
  const mime = detected?.mime ?? '';
  if (allowed.includes('pdf') && mime === 'application/pdf') {
    return { kind: 'pdf', ext: 'pdf', contentType: mime, data, filename };
  }
  const ext = IMAGE_TYPES[mime];
  if (allowed.includes('image') && ext) {
    try {
      const reencoded = await reencodeImage(data, ext, 2048);
      return { kind: 'image', ext, contentType: mime, data: reencoded, filename };
    } catch {
      throw fieldError(field, `Die Datei ${filename} ist kein lesbares Bild.`);
    }
  }
  const what =
    allowed.length === 2
      ? 'PDF-Dokumente, JPEG-, PNG- oder WebP-Bilder'
      : allowed[0] === 'pdf'
        ? 'PDF-Dokumente'
        : 'JPEG-, PNG- oder WebP-Bilder';
  throw fieldError(field, `Die Datei ${filename} hat ein nicht unterstütztes Format. Erlaubt sind ${what}.`);
}

/** Re-encodes an image in its own format, turned upright and without metadata. */
export async function reencodeImage(data: Buffer, ext: 'jpg' | 'png' | 'webp', maxSide: number): Promise<Buffer> {
  // limitInputPixels guards against decompression bombs that fit in 10 MB.
  const img = sharp(data, { limitInputPixels: 50_000_000, failOn: 'error' })
    .rotate()
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
  if (ext === 'jpg') return img.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  if (ext === 'png') return img.png().toBuffer();
  return img.webp({ quality: 85 }).toBuffer();
}

/** A square WebP thumbnail for lists and previews. */
export async function thumbnail(data: Buffer, side: number): Promise<Buffer> {
  return sharp(data).resize(side, side, { fit: 'cover' }).webp({ quality: 80 }).toBuffer();
}
