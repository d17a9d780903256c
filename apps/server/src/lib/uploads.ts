import os from 'node:os';
import path from 'node:path';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import pLimit from 'p-limit';
import sharp from 'sharp';
import type { z } from 'zod';
import { API_ERRORS, IMAGE_TYPES, MAX_FILE_BYTES, MAX_IMAGE_PIXELS } from '@hausportal/contract';
import { ApiError, fieldError, said, type Message, type Phrase } from './errors.js';

export type UploadKind = 'image' | 'pdf';
type ImageType = (typeof IMAGE_TYPES)[number];

/** What the magic bytes say a file is; cheap, decodes nothing. */
export interface DetectedUpload {
  kind: UploadKind;
  ext: 'jpg' | 'png' | 'webp' | 'pdf';
  contentType: string;
}

export interface CheckedUpload extends DetectedUpload {
  data: Buffer;
  filename: string;
}

const IMAGE_EXT: Record<ImageType, 'jpg' | 'png' | 'webp'> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

// Decoding is the memory peak of an upload: a 48 MP photo needs about 200 MB while it is decoded.
// At most this many images are decoded at once, whatever arrives in parallel; the rest wait.
const decodes = pLimit(Math.max(1, Math.min(4, os.availableParallelism())));

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

/** product §6.2's 'Die Datei … ist zu gross', in the reader's language. */
const tooLarge = (filename: string) => said('errors.uploads.tooLarge', { filename });

/** Reads a multipart file completely, rejecting it once it passes MAX_FILE_BYTES. */
export async function readUpload(file: MultipartFile, field: string): Promise<Buffer> {
  const data = await file.toBuffer().catch((err: { code?: string }) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError(field, tooLarge(file.filename));
    throw malformedBody(err);
  });
  if (file.file.truncated || data.length > MAX_FILE_BYTES) throw fieldError(field, tooLarge(file.filename));
  if (data.length === 0) throw fieldError(field, said('errors.uploads.empty'));
  return data;
}

/** The file of a form, read whole: its bytes and the name it was uploaded as. */
export interface FormFile {
  data: Buffer;
  filename: string;
}

/** What a multipart form takes: files in `file.field` (one unless `max` says more), and text fields checked by `fields`. */
export interface FormSpec<S extends z.ZodType> {
  file: {
    field: string;
    required: boolean;
    /** How many files the field takes (default 1). */
    max?: number;
    /** The answer when more arrive (default: 'Pro Anfrage ist genau eine Datei …' or the count). */
    tooMany?: Message;
    /** Runs when a file arrives, before it is read (a per-user upload budget). */
    beforeRead?: () => Promise<void>;
  };
  fields: S;
}

/**
 * Text fields checked against their schema, with the errors in the DRF shape JSON bodies get;
 * `extra` adds errors found outside the schema (a missing file), so one answer names them all.
 */
export function parseFields<S extends z.ZodType>(
  schema: S,
  values: unknown,
  extra: Record<string, string[]> = {},
): z.infer<S> {
  const parsed = schema.safeParse(values);
  const errors: Record<string, string[]> = { ...extra };
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      (errors[String(issue.path[0] ?? 'non_field_errors')] ??= []).push(issue.message);
  }
  if (Object.keys(errors).length > 0) throw new ApiError(400, errors);
  return parsed.data as z.infer<S>;
}

/**
 * Reads a multipart form: 415 unless it is one, 400 for a file in another field or more files than
 * the field takes, a file over MAX_FILE_BYTES or empty, a missing required file, or fields the
 * schema refuses (all field errors in one answer). Fields that are not text are ignored; NUL is
 * dropped (formParts). Files are only read, not checked: their type is the caller's (checkUpload).
 */
export async function readForm<S extends z.ZodType>(
  request: FastifyRequest,
  spec: FormSpec<S>,
): Promise<{ file: FormFile | null; files: FormFile[]; fields: z.infer<S> }> {
  if (!request.isMultipart()) throw new ApiError(415, { detail: 'Bitte als multipart/form-data senden.' });
  const { field, max = 1 } = spec.file;
  const only = `Pro Anfrage ist genau eine Datei im Feld "${field}" erlaubt.`;
  const values: Record<string, string> = {};
  const files: FormFile[] = [];
  for await (const part of formParts(request)) {
    if (part.type === 'file') {
      if (part.fieldname !== field || files.length >= max) {
        await part.toBuffer().catch(() => undefined);
        const message: Message =
          part.fieldname !== field
            ? max === 1
              ? only
              : `Dateien gehören in das Feld "${field}".`
            : (spec.file.tooMany ?? (max === 1 ? only : `Höchstens ${max} Dateien im Feld "${field}".`));
        throw fieldError(part.fieldname, message);
      }
      await spec.file.beforeRead?.();
      files.push({ data: await readUpload(part, field), filename: part.filename });
    } else if (typeof part.value === 'string') {
      values[part.fieldname] = part.value;
    }
  }
  const missing = spec.file.required && !files.length ? { [field]: [API_ERRORS.required] } : {};
  return { file: files[0] ?? null, files, fields: parseFields(spec.fields, values, missing) };
}

/** The name a file was uploaded as, without any path a browser may have sent along. */
export function baseName(filename: string): string {
  const name = path
    .basename(filename.replaceAll('\\', '/'))
    .replace(/[\p{Cc}]/gu, '')
    .trim();
  return name.slice(-255) || 'dokument.pdf';
}

/** The real type from the magic bytes, never from the name or the declared type. */
export async function detectUpload(
  data: Buffer,
  filename: string,
  field: string,
  allowed: readonly UploadKind[],
): Promise<DetectedUpload> {
  const mime = (await fileTypeFromBuffer(data))?.mime ?? '';
  if (allowed.includes('pdf') && mime === 'application/pdf') return { kind: 'pdf', ext: 'pdf', contentType: mime };
  if (allowed.includes('image') && mime in IMAGE_EXT)
    return { kind: 'image', ext: IMAGE_EXT[mime as ImageType], contentType: mime };
  const what = allowed.length === 2 ? 'allowedAll' : allowed[0] === 'pdf' ? 'allowedPdf' : ('allowedImages' as const);
  const refusal: Phrase = (tr) =>
    tr.t('errors.uploads.unsupported', { filename, allowed: tr.t(`errors.uploads.${what}`) });
  throw fieldError(field, refusal);
}

/**
 * Checks a file by its magic bytes. Images are re-encoded, which also drops EXIF and GPS data,
 * after their size in pixels is read from the header; a photo beyond MAX_IMAGE_PIXELS is refused
 * before it is decoded.
 */
export async function checkUpload(
  data: Buffer,
  filename: string,
  field: string,
  allowed: readonly UploadKind[],
  detected?: DetectedUpload,
  /** The long edge an image is shrunk to (defect photos keep more detail than posts). */
  maxSide = 2048,
): Promise<CheckedUpload> {
  const type = detected ?? (await detectUpload(data, filename, field, allowed));
  if (type.kind === 'pdf') return { ...type, data, filename };
  const unreadable = () => fieldError(field, said('errors.uploads.unreadable', { filename }));
  const { width, height } = await sharp(data)
    .metadata()
    .catch(() => {
      throw unreadable();
    });
  if (!width || !height) throw unreadable();
  if (width * height > MAX_IMAGE_PIXELS) {
    throw fieldError(
      field,
      said('errors.uploads.megapixels', {
        filename,
        megapixels: Math.round((width * height) / 1e6),
        max: MAX_IMAGE_PIXELS / 1e6,
      }),
    );
  }
  try {
    return { ...type, data: await reencodeImage(data, type.ext as 'jpg' | 'png' | 'webp', maxSide), filename };
  } catch {
    throw unreadable();
  }
}

/** Re-encodes an image in its own format, turned upright and without metadata; queued. */
export function reencodeImage(data: Buffer, ext: 'jpg' | 'png' | 'webp', maxSide: number): Promise<Buffer> {
  return decodes(() => {
    // limitInputPixels guards against decompression bombs whose header lies about their size.
    const img = sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
    if (ext === 'jpg') return img.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    if (ext === 'png') return img.png().toBuffer();
    return img.webp({ quality: 85 }).toBuffer();
  });
}

/** The size in pixels of an image already checked (reads the header only, decodes nothing). */
export async function imageSize(data: Buffer): Promise<{ width: number | null; height: number | null }> {
  const { width, height } = await sharp(data).metadata();
  return { width: width ?? null, height: height ?? null };
}

/** A square WebP thumbnail for lists and previews; queued like every decode. */
export function thumbnail(data: Buffer, side: number): Promise<Buffer> {
  return decodes(() =>
    sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS })
      .resize(side, side, { fit: 'cover' })
      .webp({ quality: 80 })
      .toBuffer(),
  );
}

/** A JPEG that fits in `side` × `side` (a PDF can embed it; WebP it cannot); queued like every decode. */
export function jpegPreview(data: Buffer, side: number): Promise<Buffer> {
  return decodes(() =>
    sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS })
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 72 })
      .toBuffer(),
  );
}
