import { MAX_PDFS_PER_POST, MAX_PHOTOS_PER_POST } from '@hausportal/contract';
import type { AppContext } from '../../context.js';
import { ApiError, fieldError } from '../../lib/errors.js';
import { checkUpload, detectUpload, thumbnail } from '../../lib/uploads.js';
import type { Resident } from '../auth/policies.js';
import * as repo from './messages.repository.js';

/**
 * Checks, stores and records one attachment of the author's pending post (ADR 011): the type by
 * its magic bytes, a full post refused before the image is decoded, the limits decided for
 * certain under the post's lock, and the stored files removed again when the insert is refused.
 */
export async function storeAttachment(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  user: Resident,
  messageId: number,
  file: { data: Buffer; filename: string },
  name: string,
) {
  const { db, storage } = ctx;
  const detected = await detectUpload(file.data, file.filename, 'document', ['image', 'pdf']);
  const limit = detected.kind === 'image' ? MAX_PHOTOS_PER_POST : MAX_PDFS_PER_POST;
  const full = () =>
    fieldError(
      'document',
      detected.kind === 'image'
        ? `Pro Beitrag sind höchstens ${MAX_PHOTOS_PER_POST} Fotos erlaubt.`
        : `Pro Beitrag sind höchstens ${MAX_PDFS_PER_POST} PDF-Dokumente erlaubt.`,
    );
  if ((await repo.countAttachments(db, messageId))[detected.kind] >= limit) throw full();
  const upload = await checkUpload(file.data, file.filename, 'document', ['image', 'pdf'], detected);
  const fileKey = await storage.put('posts', upload.ext, upload.data);
  const thumbKey =
    upload.kind === 'image' ? await storage.put('thumbs', 'webp', await thumbnail(upload.data, 400)) : null;
  const row = await repo.addAttachmentWithinLimit(
    db,
    {
      messageId,
      authorId: user.id,
      kind: upload.kind,
      name,
      fileKey,
      thumbnailKey: thumbKey,
      contentType: upload.contentType,
      size: upload.data.length,
    },
    limit,
  );
  if (typeof row !== 'string') return row;
  await Promise.all([storage.remove(fileKey), thumbKey ? storage.remove(thumbKey) : undefined]);
  if (row === 'full') throw full();
  throw new ApiError(400, { detail: 'Anhänge können nur vor der Freigabe hinzugefügt werden.' });
}
