import type { ModerationStatus } from '@hausportal/contract';
import { inTransaction, type DB } from '../../db/database.js';
import { nowIso } from '../../lib/time.js';
import { refreshApprovedCount, refreshCommentCount } from '../messages/messages.repository.js';

/** What a manager moderates. */
export type ModeratedKind = 'message' | 'comment';

export interface Decision {
  status: 'approved' | 'rejected';
  rejection_reason?: string;
}

// `in ()` is invalid SQL; a manager without locations matches nothing.
const within = (locations: number[]) => (locations.length ? locations : [-1]);

/** Posts of the given locations with this status, newest first (at most 100). */
export function listMessagesByStatus(db: DB, locations: number[], status: ModerationStatus) {
  return db
    .selectFrom('messages')
    .innerJoin('users', 'users.id', 'messages.user_id')
    .select([
      'messages.id',
      'messages.text',
      'messages.status',
      'messages.created_at',
      'messages.location_id',
      'messages.rejection_reason',
      'users.name as user_name',
      'users.apartment_number',
    ])
    .where('messages.location_id', 'in', within(locations))
    .where('messages.status', '=', status)
    .orderBy('messages.created_at', 'desc')
    .limit(100)
    .execute();
}

/** Comments on posts of the given locations with this status, newest first (at most 100). */
export function listCommentsByStatus(db: DB, locations: number[], status: ModerationStatus) {
  return db
    .selectFrom('comments')
    .innerJoin('messages', 'messages.id', 'comments.message_id')
    .innerJoin('users', 'users.id', 'comments.user_id')
    .select([
      'comments.id',
      'comments.text',
      'comments.status',
      'comments.created_at',
      'comments.message_id',
      'users.name as user_name',
    ])
    .where('messages.location_id', 'in', within(locations))
    .where('comments.status', '=', status)
    .orderBy('comments.created_at', 'desc')
    .limit(100)
    .execute();
}

/** The columns a decision sets. A rejection always carries a reason, which the author sees (DSA). */
function decisionColumns(d: Decision, moderatorId: number) {
  return {
    status: d.status,
    rejection_reason: d.status === 'rejected' ? d.rejection_reason || 'Verstößt gegen die Hausordnung.' : null,
    moderated_at: nowIso(),
    moderated_by: moderatorId,
  };
}

/**
 * Records a decision on a post or comment of one of `locations`, and recounts what it changes
 * (approved posts of the location, approved comments of the post) in the same transaction.
 * Returns false when no such item is within reach.
 */
export function decide(
  db: DB,
  kind: ModeratedKind,
  id: number,
  locations: number[],
  d: Decision,
  moderatorId: number,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    if (kind === 'message') {
      const target = await trx
        .selectFrom('messages')
        .select('location_id')
        .where('id', '=', id)
        .where('location_id', 'in', within(locations))
        .executeTakeFirst();
      if (!target) return false;
      await trx.updateTable('messages').set(decisionColumns(d, moderatorId)).where('id', '=', id).execute();
      await refreshApprovedCount(trx, target.location_id);
      return true;
    }
    const target = await trx
      .selectFrom('comments')
      .innerJoin('messages', 'messages.id', 'comments.message_id')
      .select('comments.message_id')
      .where('comments.id', '=', id)
      .where('messages.location_id', 'in', within(locations))
      .executeTakeFirst();
    if (!target) return false;
    await trx.updateTable('comments').set(decisionColumns(d, moderatorId)).where('id', '=', id).execute();
    await refreshCommentCount(trx, target.message_id);
    return true;
  });
}
