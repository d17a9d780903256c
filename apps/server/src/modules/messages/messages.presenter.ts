import type { Comment, Message } from '@hausportal/contract';
import { parseJsonArray } from '../../db/database.js';
import type { UrlSigner } from '../../lib/signing.js';
import type { AttachmentRow, CommentRow, MessageRow } from './messages.repository.js';

/** An attachment with signed URLs to the file and its thumbnail. */
export const toAttachment = (a: AttachmentRow, signer: UrlSigner) => ({
  id: a.id,
  name: a.name,
  document: signer.url(a.file_key)!,
  kind: a.kind,
  thumbnail: signer.url(a.thumbnail_key),
});

/** A post as `viewerId` sees it: attachments, counts and the viewer's own like/comment flags. */
export const toMessage = (m: MessageRow, viewerId: number, signer: UrlSigner): Message => ({
  id: m.id,
  text: m.text,
  created_at: m.created_at,
  user_name: m.user_name,
  user_image: signer.url(m.user_image),
  documents: parseJsonArray(m.documents).map((a) => toAttachment(a, signer)),
  like_count: Number(m.like_count),
  comment_count: Number(m.comment_count),
  // SQLite answers EXISTS with 0/1, PostgreSQL with a boolean.
  self_liked: Boolean(m.self_liked),
  self_commented: Boolean(m.self_commented),
  // A post hidden by reports is under review again: its author sees 'In Prüfung'.
  status: m.status === 'hidden' ? 'pending' : m.status,
  // Only the author ever sees their own post unapproved, so the reason reaches only them.
  rejection_reason: m.user_id === viewerId ? m.rejection_reason : null,
});

/** A comment with its author's signed picture; only its author reads why it was rejected or removed. */
export const toComment = (
  { user_id, rejection_reason, ...c }: CommentRow,
  signer: UrlSigner,
  viewerId: number,
): Comment => ({
  ...c,
  status: c.status === 'hidden' ? 'pending' : c.status,
  rejection_reason: user_id === viewerId ? rejection_reason : null,
  user_image: signer.url(c.user_image),
});
