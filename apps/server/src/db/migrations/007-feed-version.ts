import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { versionsFunction } from './versions-function.js';

// Migrations take `any` because they must not depend on the schema types of today.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Versions for the feed cache (ADR 018), raised by triggers in the transaction of the
 * write, so no write path can forget them, on both dialects:
 * - `locations.feed_version`: whatever a blackboard page shows to everyone changed: an approved
 *   post appearing, changing (text, likes, comment count) or going, an attachment, an author's
 *   name or picture.
 * - `users.posts_version`: one of the user's own unapproved posts, which page 1 shows only to
 *   them, changed.
 * A process serves a cached page only while the version it was built at is still the current one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of ['locations', 'users'])
    await db.schema
      .alterTable(table)
      .addColumn(table === 'locations' ? 'feed_version' : 'posts_version', 'integer', (c: any) =>
        c.notNull().defaultTo(0),
      )
      .execute();

  const feed = (where: string) => `update locations set feed_version = feed_version + 1 where ${where}`;
  const own = (where: string) => `update users set posts_version = posts_version + 1 where ${where}`;
  const ofMessage = (ref: string, column: string) => `(select ${column} from messages where id = ${ref}.message_id)`;
  // Per event, the statements the trigger runs; `new`/`old` as SQLite and PL/pgSQL both name them.
  const bodies = {
    messages: {
      insert: [
        feed("id = new.location_id and new.status = 'approved'"),
        own("id = new.user_id and new.status <> 'approved'"),
      ],
      update: [
        feed("id in (old.location_id, new.location_id) and (old.status = 'approved' or new.status = 'approved')"),
        own("id in (old.user_id, new.user_id) and (old.status <> 'approved' or new.status <> 'approved')"),
      ],
      delete: [
        feed("id = old.location_id and old.status = 'approved'"),
        own("id = old.user_id and old.status <> 'approved'"),
      ],
    },
    message_documents: {
      insert: [feed(`id = ${ofMessage('new', 'location_id')}`), own(`id = ${ofMessage('new', 'user_id')}`)],
      update: [
        feed(`id in (${ofMessage('old', 'location_id')}, ${ofMessage('new', 'location_id')})`),
        own(`id in (${ofMessage('old', 'user_id')}, ${ofMessage('new', 'user_id')})`),
      ],
      delete: [feed(`id = ${ofMessage('old', 'location_id')}`), own(`id = ${ofMessage('old', 'user_id')}`)],
    },
  };
  const userColumns = 'name, profile_picture, location_id';
  const userBody = [feed('id in (old.location_id, new.location_id)'), own('id = new.id')];

  if (pg) {
    for (const [table, events] of Object.entries(bodies)) {
      await sql.raw(versionsFunction(table, events)).execute(db);
      await sql
        .raw(
          `create trigger versions_${table} after insert or update or delete on ${table}
           for each row execute function hp_versions_${table}()`,
        )
        .execute(db);
    }
    await sql
      .raw(
        `create function hp_versions_users() returns trigger language plpgsql as $$
         begin ${userBody.join('; ')}; return null; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger versions_users after update of ${userColumns} on users for each row
         when (old.name is distinct from new.name or old.profile_picture is distinct from new.profile_picture
           or old.location_id is distinct from new.location_id)
         execute function hp_versions_users()`,
      )
      .execute(db);
    return;
  }

  for (const [table, events] of Object.entries(bodies))
    for (const [event, statements] of Object.entries(events))
      await sql
        .raw(
          `create trigger versions_${table}_${event} after ${event} on ${table} for each row
           begin ${statements.join('; ')}; end`,
        )
        .execute(db);
  await sql
    .raw(
      `create trigger versions_users_update after update of ${userColumns} on users for each row
       when old.name is not new.name or old.profile_picture is not new.profile_picture
         or old.location_id is not new.location_id
       begin ${userBody.join('; ')}; end`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  if (pg) {
    for (const table of ['messages', 'message_documents', 'users']) {
      await sql.raw(`drop trigger versions_${table} on ${table}`).execute(db);
      await sql.raw(`drop function hp_versions_${table}()`).execute(db);
    }
  } else {
    for (const table of ['messages', 'message_documents'])
      for (const event of ['insert', 'update', 'delete'])
        await sql.raw(`drop trigger versions_${table}_${event}`).execute(db);
    await sql.raw('drop trigger versions_users_update').execute(db);
  }
  await db.schema.alterTable('locations').dropColumn('feed_version').execute();
  await db.schema.alterTable('users').dropColumn('posts_version').execute();
}
