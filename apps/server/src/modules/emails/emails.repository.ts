import type { DB } from '../../db/database.js';
import type { EmailOutboxTable } from '../../db/schema.js';
import { pageOf, type PageWindow } from '../../db/paging.js';

const columns = [
  'id',
  'to_address',
  'subject',
  'kind',
  'status',
  'attempts',
  'last_error',
  'created_at',
  'sent_at',
  'location_id',
  'contains_secret',
] as const;

/** Mail a caller may see: of the given locations, or every mail (also without a location) for `null`. */
function visible(db: DB, scope: number[] | null) {
  const q = db.selectFrom('email_outbox');
  return scope === null ? q : q.where('location_id', 'in', scope.length ? scope : [-1]);
}

export interface EmailFilter {
  status?: EmailOutboxTable['status'];
  locationId?: number;
}

/** One page of the outbox in scope, newest first, with the total. */
export function listEmails(db: DB, scope: number[] | null, f: EmailFilter, window: PageWindow) {
  let base = visible(db, scope);
  if (f.status) base = base.where('status', '=', f.status);
  if (f.locationId !== undefined) base = base.where('location_id', '=', f.locationId);
  return pageOf(base, (q) => q.select(columns).orderBy('created_at', 'desc').orderBy('id', 'desc'), window);
}

/** One mail with its body, if in scope. */
export function findEmail(db: DB, scope: number[] | null, id: number) {
  return visible(db, scope).select(columns).select('body_text').where('id', '=', id).executeTakeFirst();
}

export type EmailRow = Awaited<ReturnType<typeof listEmails>>['rows'][number];
