import { PREVIEW_LENGTH, type ModeratedKind, type ReportReason } from '@hausportal/contract';
import { sql } from 'kysely';
import type { DB } from '../../db/database.js';
import { idsOrNone, pageOf, type PageWindow } from '../../db/paging.js';
import { nowIso } from '../../lib/time.js';
import { findModerated } from '../moderation/moderation.repository.js';

/** The item a resident may report: approved (or hidden by reports), in their own location; undefined otherwise. */
export async function findReportable(db: DB, kind: ModeratedKind, id: number, locationId: number) {
  const item = await findModerated(db, kind, id, [locationId]);
  return item && (item.status === 'approved' || item.status === 'hidden') ? item : undefined;
}

/**
 * Records a resident's report of an item, once per resident and item: a second report changes
 * nothing (not even the reason), so a double tap or a retry never counts twice toward hiding.
 * Returns the report, `created` false when it existed already.
 */
export async function insertReport(
  db: DB,
  item: { location_id: number },
  reporterId: number,
  kind: ModeratedKind,
  id: number,
  reason: ReportReason,
  text: string,
) {
  const inserted = await db
    .insertInto('reports')
    .values({
      location_id: item.location_id,
      target_kind: kind,
      target_id: id,
      reporter_id: reporterId,
      reason,
      text,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.columns(['target_kind', 'target_id', 'reporter_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  const found = await db
    .selectFrom('reports')
    .select(['id', 'status'])
    .where('target_kind', '=', kind)
    .where('target_id', '=', id)
    .where('reporter_id', '=', reporterId)
    .executeTakeFirstOrThrow();
  return { ...found, created: inserted !== undefined };
}

/** How many different residents have open reports on an item. */
export async function openReporters(db: DB, kind: ModeratedKind, id: number): Promise<number> {
  const row = await db
    .selectFrom('reports')
    .select(sql<number>`count(distinct reporter_id)`.as('n'))
    .where('target_kind', '=', kind)
    .where('target_id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const excerpt = (text: string) => (text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH)}…` : text);

/** One page of a resident's own reports, newest first, with what was decided. */
export async function listOwnReports(db: DB, userId: number, window: PageWindow, messageId?: number) {
  let base = db
    .selectFrom('reports')
    .leftJoin('messages', (j) =>
      j.onRef('messages.id', '=', 'reports.target_id').on('reports.target_kind', '=', 'message'),
    )
    .leftJoin('comments', (j) =>
      j.onRef('comments.id', '=', 'reports.target_id').on('reports.target_kind', '=', 'comment'),
    )
    .where('reports.reporter_id', '=', userId);
  // One post's page: the reports about the post and about its comments.
  if (messageId !== undefined)
    base = base.where((eb) => eb.or([eb('messages.id', '=', messageId), eb('comments.message_id', '=', messageId)]));
  const page = await pageOf(
    base,
    (q) =>
      q
        .select([
          'reports.id',
          'reports.target_kind as kind',
          'reports.target_id',
          'reports.reason',
          'reports.text',
          'reports.status',
          'reports.decision_reason',
          'reports.created_at',
          'reports.decided_at',
          'messages.text as message_text',
          'comments.text as comment_text',
          'comments.message_id as comment_message_id',
        ])
        .orderBy('reports.created_at', 'desc')
        .orderBy('reports.id', 'desc'),
    window,
  );
  return {
    count: page.count,
    rows: page.rows.map(({ message_text, comment_text, comment_message_id, ...r }) => ({
      ...r,
      reason: r.reason as ReportReason,
      message_id: r.kind === 'message' ? r.target_id : comment_message_id,
      excerpt: excerpt((r.kind === 'message' ? message_text : comment_text) ?? ''),
    })),
  };
}

/** One page of reported items of `locations` (one row per item, oldest report first), with every reason. */
export async function listReportedItems(
  db: DB,
  locations: number[],
  status: 'open' | 'removed' | 'kept',
  window: PageWindow,
) {
  const base = db
    .selectFrom('reports')
    .where('reports.location_id', 'in', idsOrNone(locations))
    .where('reports.status', '=', status);
  const [total, items] = await Promise.all([
    base
      .select(sql<number>`count(distinct reports.target_kind || ':' || reports.target_id)`.as('n'))
      .executeTakeFirstOrThrow(),
    base
      .select([
        'reports.target_kind as kind',
        'reports.target_id as id',
        'reports.location_id',
        sql<string>`min(reports.created_at)`.as('first_reported_at'),
        sql<number>`count(*)`.as('report_count'),
      ])
      .groupBy(['reports.target_kind', 'reports.target_id', 'reports.location_id'])
      .orderBy(sql`min(reports.created_at)`, status === 'open' ? 'asc' : 'desc')
      .orderBy('reports.target_id')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  const rows = [];
  for (const item of items) {
    const target = await findModerated(db, item.kind, item.id, [item.location_id]);
    if (!target) continue;
    const [author, place, reasons] = await Promise.all([
      db.selectFrom('users').select('name').where('id', '=', target.user_id).executeTakeFirst(),
      db.selectFrom('locations').select('title').where('id', '=', item.location_id).executeTakeFirstOrThrow(),
      db
        .selectFrom('reports')
        .select(['reason', 'text', 'created_at'])
        .where('target_kind', '=', item.kind)
        .where('target_id', '=', item.id)
        .where('status', '=', status)
        .orderBy('created_at')
        .execute(),
    ]);
    rows.push({
      kind: item.kind,
      id: item.id,
      text: target.text,
      user_name: author?.name ?? '',
      location_id: item.location_id,
      location_title: place.title,
      message_id: item.kind === 'comment' ? target.message_id : null,
      item_status: target.status,
      report_count: Number(item.report_count),
      first_reported_at: item.first_reported_at,
      reasons: reasons.map((r) => ({ ...r, reason: r.reason as ReportReason })),
    });
  }
  return { count: Number(total.n), rows };
}

/** The open reports of an item, with their reporters. */
export function openReports(db: DB, kind: ModeratedKind, id: number) {
  return db
    .selectFrom('reports')
    .select(['id', 'reporter_id'])
    .where('target_kind', '=', kind)
    .where('target_id', '=', id)
    .where('status', '=', 'open')
    .execute();
}

/** Closes reports with a manager's decision and the reason their reporters read. */
export async function closeReports(
  db: DB,
  ids: number[],
  decision: 'remove' | 'keep',
  reason: string | null,
  moderatorId: number,
): Promise<void> {
  await db
    .updateTable('reports')
    .set({
      status: decision === 'remove' ? 'removed' : 'kept',
      decision_reason: reason,
      decided_by: moderatorId,
      decided_at: nowIso(),
    })
    .where('id', 'in', idsOrNone(ids))
    .execute();
}
