import type { AdminComment, AdminMessage } from '@hausportal/contract';
import { parseJsonArray } from '../../db/database.js';
import type { UrlSigner } from '../../lib/signing.js';
import { toAttachment } from '../messages/messages.presenter.js';
import type { QueueCommentRow, QueueMessageRow } from './moderation.repository.js';

/** A post in the queue, with signed links to its attachments for the preview. */
export const toAdminMessage = ({ documents, ...m }: QueueMessageRow, signer: UrlSigner): AdminMessage => ({
  ...m,
  documents: parseJsonArray(documents).map((a) => toAttachment(a, signer)),
});

/** A comment in the queue, with the post it belongs to. */
export const toAdminComment = ({
  message_id,
  message_text,
  message_user_name,
  ...c
}: QueueCommentRow): AdminComment => ({
  ...c,
  message: { id: message_id, text: message_text, user_name: message_user_name ?? '' },
});
