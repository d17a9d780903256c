import type { TFunction } from 'i18next';
import { TICKET_PHOTO_MAX_EDGE } from '@hausportal/contract';
import { isAcceptedImage, isTooLarge } from '@/lib/files';
import { resizeImage } from '@/lib/resize-image';
import { registerTicketStrings } from '@/i18n/tickets';

registerTicketStrings();

export interface ChosenPhoto {
  key: string;
  /** The shrunk JPEG that will be sent, without EXIF or GPS. */
  file: File;
}

let counter = 0;

/**
 * Checks new photos and shrinks them on the phone (long edge ≤ TICKET_PHOTO_MAX_EDGE, JPEG): a type
 * the server would refuse (HEIC, GIF, a PDF) is refused here first, by its content as the post
 * form does (product §5.3); more than `max` photos in all are refused. The original's size does
 * not matter, only that of the photo sent. Photos are shrunk one after the other, so a phone
 * never holds several full-size decodes at once.
 */
export async function preparePhotos(
  current: readonly ChosenPhoto[],
  files: readonly File[],
  max: number,
  t: TFunction,
): Promise<{ photos: ChosenPhoto[]; errors: string[] }> {
  const photos = [...current];
  const errors: string[] = [];
  for (const file of files) {
    if (!(await isAcceptedImage(file))) {
      errors.push(t('tickets.onlyImage', { filename: file.name }));
      continue;
    }
    if (photos.length >= max) {
      const message = t('tickets.tooManyPhotos', { max });
      if (!errors.includes(message)) errors.push(message);
      continue;
    }
    let shrunk: File;
    try {
      shrunk = await resizeImage(file, TICKET_PHOTO_MAX_EDGE);
    } catch {
      errors.push(t('tickets.unreadableImage', { filename: file.name }));
      continue;
    }
    if (isTooLarge(shrunk)) {
      errors.push(t('errors.fileTooLarge', { filename: file.name }));
      continue;
    }
    photos.push({ key: `photo-${++counter}`, file: shrunk });
  }
  return { photos, errors };
}
