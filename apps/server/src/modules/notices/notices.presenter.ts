import type { AdminNotice, Notice, NoticeAttachment } from '@hausportal/contract';
import type { UrlSigner } from '../../lib/signing.js';
import type { NoticeAttachmentRow, NoticeRow, ResidentNoticeRow } from './notices.repository.js';

/** A notice as the back office shows it; `active` until its end date, `scheduled` before its start. */
export const toAdminNotice = (n: NoticeRow, signer: UrlSigner, now = Date.now()): AdminNotice => ({
  id: n.id,
  title: n.title,
  text: n.text,
  important: Boolean(n.important),
  ends_at: n.ends_at,
  created_at: n.created_at,
  updated_at: n.updated_at,
  location_ids: n.locations.map((l) => l.id),
  locations: n.locations,
  active: n.ends_at === null || Date.parse(n.ends_at) > now,
  author_name: n.author_name,
  starts_at: n.starts_at,
  scheduled: n.starts_at !== null && Date.parse(n.starts_at) > now,
  attachments: n.attachments.map((a) => toNoticeAttachment(a, signer)),
  reads: n.reads,
});

/** A PDF of a notice, with a link signed for whoever is shown the notice. */
export const toNoticeAttachment = (a: NoticeAttachmentRow, signer: UrlSigner): NoticeAttachment => ({
  id: a.id,
  name: a.name,
  size: a.size,
  document: signer.url(a.file_key)!,
});

/** A notice on a resident's blackboard, with whether this resident opened or dismissed it. */
export const toNotice = (n: ResidentNoticeRow, signer: UrlSigner): Notice => ({
  id: n.id,
  title: n.title,
  text: n.text,
  important: Boolean(n.important),
  created_at: n.created_at,
  starts_at: n.starts_at,
  ends_at: n.ends_at,
  attachments: n.attachments.map((a) => toNoticeAttachment(a, signer)),
  opened: n.opened_at !== null,
  dismissed: n.dismissed_at !== null,
});
