import type { AdminNotice, Notice } from '@hausportal/contract';
import type { NoticeRow } from './notices.repository.js';

/** A notice as the back office shows it; `active` until its end date. */
export const toAdminNotice = (n: NoticeRow, now = Date.now()): AdminNotice => ({
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
});

/** A notice on a resident's blackboard. */
export const toNotice = (n: {
  id: number;
  title: string;
  text: string;
  important: number;
  created_at: string;
  ends_at: string | null;
}): Notice => ({ ...n, important: Boolean(n.important) });
