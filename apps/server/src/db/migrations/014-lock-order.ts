import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { versionsFunction } from './versions-function.js';

// Migrations take `any` because they must not depend on the schema types of today.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * One lock order on PostgreSQL: the author's `users` row before the
 * `locations` row. The version triggers of migration 007 raised `locations.feed_version` first
 * and `users.posts_version` second on a post's update, but an attachment's insert came after an
 * update that had already locked the author: a photo upload to one pending post and the approval
 * of another post of the same resident took the two rows in opposite orders and deadlocked.
 * Same statements, author first. SQLite has no row locks (one writer at a time), so nothing
 * changes there.
 */
const feed = (where: string) => `update locations set feed_version = feed_version + 1 where ${where}`;
const own = (where: string) => `update users set posts_version = posts_version + 1 where ${where}`;
const ofMessage = (ref: string, column: string) => `(select ${column} from messages where id = ${ref}.message_id)`;

function bodies(authorFirst: boolean) {
  const order = (author: string, location: string) => (authorFirst ? [author, location] : [location, author]);
  return {
    messages: {
      insert: order(
        own("id = new.user_id and new.status <> 'approved'"),
        feed("id = new.location_id and new.status = 'approved'"),
      ),
      update: order(
        own("id in (old.user_id, new.user_id) and (old.status <> 'approved' or new.status <> 'approved')"),
        feed("id in (old.location_id, new.location_id) and (old.status = 'approved' or new.status = 'approved')"),
      ),
      delete: order(
        own("id = old.user_id and old.status <> 'approved'"),
        feed("id = old.location_id and old.status = 'approved'"),
      ),
    },
    message_documents: {
      insert: order(own(`id = ${ofMessage('new', 'user_id')}`), feed(`id = ${ofMessage('new', 'location_id')}`)),
      update: order(
        own(`id in (${ofMessage('old', 'user_id')}, ${ofMessage('new', 'user_id')})`),
        feed(`id in (${ofMessage('old', 'location_id')}, ${ofMessage('new', 'location_id')})`),
      ),
      delete: order(own(`id = ${ofMessage('old', 'user_id')}`), feed(`id = ${ofMessage('old', 'location_id')}`)),
    },
  };
}

async function replaceFunctions(db: Kysely<any>, authorFirst: boolean): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const [table, events] of Object.entries(bodies(authorFirst)))
    await sql.raw(versionsFunction(table, events, true)).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await replaceFunctions(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await replaceFunctions(db, false);
}
