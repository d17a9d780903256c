import type { TFunction } from 'i18next';
import { config } from '@/config';
import { isAcceptedImage, isPdf, isTooLarge } from '@/lib/files';
import { registerPostStrings } from '@/i18n/posts';

registerPostStrings();

export interface Picked {
  key: string;
  file: File;
  kind: 'image' | 'pdf';
}

/**
 * product §5.3: checks new files against the size limit, the type (by content, as the server does)
 * and the 2-photo / 3-PDF limit, before the post is created. Returns the files to keep and the
 * messages for the rest.
 */
export async function pickFiles(
  current: readonly Picked[],
  files: readonly File[],
  kind: 'image' | 'pdf',
  t: TFunction,
): Promise<{ picked: Picked[]; errors: string[] }> {
  const picked = [...current];
  const errors: string[] = [];
  const max = kind === 'image' ? config.maxPhotosPerPost : config.maxPdfsPerPost;
  for (const file of files) {
    if (isTooLarge(file)) {
      errors.push(t('errors.fileTooLarge', { filename: file.name }));
      continue;
    }
    if (kind === 'pdf' && !(await isPdf(file))) {
      errors.push(t('newMessage.onlyPdf', { filename: file.name }));
      continue;
    }
    if (kind === 'image' && !(await isAcceptedImage(file))) {
      errors.push(t('newMessage.onlyImage', { filename: file.name }));
      continue;
    }
    if (picked.filter((p) => p.kind === kind).length >= max) {
      const message = t(kind === 'image' ? 'newMessage.tooManyPhotos' : 'newMessage.tooManyPdfs', { max });
      if (!errors.includes(message)) errors.push(message);
      continue;
    }
    picked.push({ key: `${kind}-${file.name}-${file.size}-${file.lastModified}-${picked.length}`, file, kind });
  }
  return { picked, errors };
}
