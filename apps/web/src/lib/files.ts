import { DOCUMENT_TYPES, IMAGE_TYPES } from '@hausportal/contract';
import { config } from '@/config';

/** What the file pickers offer: exactly what the server accepts; iOS hands HEIC photos over as JPEG when HEIC is not listed. */
export const ACCEPT = {
  image: IMAGE_TYPES.join(','),
  pdf: [...DOCUMENT_TYPES, '.pdf'].join(','),
} as const;

/** product §5.3: a file over 10485760 bytes is refused before it is sent. */
export function isTooLarge(file: Pick<File, 'size'>): boolean {
  return file.size > config.maxFileBytes;
}

type Sniffed = (typeof IMAGE_TYPES)[number] | (typeof DOCUMENT_TYPES)[number];

/**
 * The type of a file from its first bytes, for the four formats the server takes; null for any
 * other (HEIC, GIF, a renamed Word file). The server decides with the full `file-type` library;
 * the client needs only these four signatures and spares a phone its 20 kB.
 */
export async function sniffType(file: Blob): Promise<Sniffed | null> {
  const bytes = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const text = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (text(0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (text(0, 4) === 'RIFF' && text(8, 12) === 'WEBP') return 'image/webp';
  if (text(0, 5) === '%PDF-') return 'application/pdf';
  return null;
}

/** True when the file is a photo the server will take (JPEG, PNG or WebP by its content). */
export async function isAcceptedImage(file: Blob): Promise<boolean> {
  const type = await sniffType(file);
  return type !== null && (IMAGE_TYPES as readonly string[]).includes(type);
}

/** True when the file is a PDF by its content. */
export async function isPdf(file: Blob): Promise<boolean> {
  return (await sniffType(file)) === 'application/pdf';
}
