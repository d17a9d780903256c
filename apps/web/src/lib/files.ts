import { config } from '@/config';

/** SPEC §5: a file over 10485760 bytes is refused before it is sent. */
export function isTooLarge(file: Pick<File, 'size'>): boolean {
  return file.size > config.maxFileBytes;
}

export function isPdf(file: Pick<File, 'type' | 'name'>): boolean {
  return file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
}

export function isImage(file: Pick<File, 'type' | 'name'>): boolean {
  return file.type.startsWith('image/') || /\.(jpe?g|png|gif|webp|heic|heif)$/i.test(file.name);
}
