import { PostgresAdapter, sql, type Insertable } from 'kysely';
import type { DB } from '../apps/server/src/db/database.js';
import type { Database } from '../apps/server/src/db/schema.js';
import { hashPassword } from '../apps/server/src/lib/passwords.js';
import { refreshApprovedCount } from '../apps/server/src/modules/messages/messages.repository.js';

export const BENCH_PASSWORD = 'Bench1234!';
export type Sizes = typeof SIZES;
export const SIZES = {
  locations: 20,
  residents: 5_000,
  messages: 200_000,
  documents: 20_000,
  likes: 200_000,
  comments: 100_000,
};

/** Inserts rows in batches; one statement per batch keeps a 200k-row fill to seconds. */
async function insertBatched<T extends keyof Database>(db: DB, table: T, rows: Insertable<Database[T]>[], batch = 500) {
  for (let i = 0; i < rows.length; i += batch) {
    await db
      .insertInto(table)
      // Kysely cannot relate a generic table name to its row type; the signature above does.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      .values(rows.slice(i, i + batch) as any)
      .execute();
  }
}

/**
 * A transaction for loading: on PostgreSQL without the row triggers of migration 007, which
 * would raise a version per inserted row and make a million-post fill take most of an hour.
 * The versions stay 0, which is as good a starting point as any.
 */
function bulk<T>(db: DB, fn: (trx: DB) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter)
      await sql`set local session_replication_role = replica`.execute(trx);
    return fn(trx);
  });
}

// A small deterministic PRNG so every run fills the same data.
function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** The bench volume scaled to `messages` posts: likes and comments in the same proportion. */
export function scaled(messages: number): Sizes {
  const f = messages / SIZES.messages;
  return {
    ...SIZES,
    messages,
    documents: Math.round(SIZES.documents * f),
    likes: Math.round(SIZES.likes * f),
    comments: Math.round(SIZES.comments * f),
  };
}

/** Fills an empty, migrated database with the bench volume (or `sizes`). */
export async function fill(db: DB, sizes: Sizes = SIZES): Promise<void> {
  const SIZES = sizes;
  const rand = rng(42);
  const now = Date.now();
  const created = new Date(now).toISOString();
  const hash = await hashPassword(BENCH_PASSWORD);

  await bulk(db, async (trx) => {
    await insertBatched(
      trx,
      'locations',
      Array.from({ length: SIZES.locations }, (_, i) => ({
        id: i + 1,
        title: `Standort ${i + 1}`,
        name: `Standort ${i + 1}`,
        logo: null,
        direct_call: 0,
        direct_number: '+49 30 1111 0000',
        default_service_id: 3,
        text: '',
        hours: '',
        phone: '',
        email: '',
        free_text: '',
        residents_can_post: 0,
        created_at: created,
      })),
    );
    // The system services 1 and 3 come with the migrations (003).
    await insertBatched(
      trx,
      'users',
      Array.from({ length: SIZES.residents }, (_, i) => ({
        id: i + 1,
        location_id: (i % SIZES.locations) + 1,
        role: i % 250 === 0 ? ('receptionist' as const) : ('resident' as const),
        login: `r-${i + 1}`,
        apartment_number: `R-${i + 1}`,
        name: `Bewohner ${i + 1}`,
        email: `r${i + 1}@example.org`,
        password_hash: hash,
        profile_picture: null,
        emergency_services_deactivated: 0,
        language: 'de',
        is_active: 1,
        created_at: created,
      })),
    );
  });

  // In slices, so a million posts never sit in memory at once.
  for (let start = 0; start < SIZES.messages; start += 50_000) {
    const messages: Insertable<Database['messages']>[] = [];
    for (let i = start; i < Math.min(start + 50_000, SIZES.messages); i++) {
      const location = (i % SIZES.locations) + 1;
      const author = location + SIZES.locations * Math.floor(rand() * (SIZES.residents / SIZES.locations));
      messages.push({
        id: i + 1,
        location_id: location,
        user_id: author,
        text: `Beitrag ${i + 1}: ${'Lorem ipsum dolor sit amet. '.repeat(1 + (i % 8))}`,
        status: rand() < 0.97 ? 'approved' : 'pending',
        rejection_reason: null,
        like_count: 0,
        comment_count: 0,
        // One every 5 minutes up to now, newest ids newest.
        created_at: new Date(now - (SIZES.messages - i) * 300_000).toISOString(),
        moderated_at: null,
        moderated_by: null,
      });
    }
    await bulk(db, (trx) => insertBatched(trx, 'messages', messages));
  }

  const docs = Array.from({ length: SIZES.documents }, (_, i) => ({
    message_id: 1 + Math.floor(rand() * SIZES.messages),
    kind: 'pdf' as const,
    name: `Anhang ${i}`,
    file_key: `posts/bench${String(i).padStart(16, '0')}.pdf`,
    thumbnail_key: null,
    content_type: 'application/pdf',
    size: 1000,
    created_at: created,
  }));
  await bulk(db, (trx) => insertBatched(trx, 'message_documents', docs));

  const likeKeys = new Set<string>();
  const likes: Insertable<Database['likes']>[] = [];
  const likeCounts = new Map<number, number>();
  while (likes.length < SIZES.likes) {
    const m = 1 + Math.floor(rand() * SIZES.messages);
    const loc = ((m - 1) % SIZES.locations) + 1;
    const u = loc + SIZES.locations * Math.floor(rand() * (SIZES.residents / SIZES.locations));
    const k = `${m}:${u}`;
    if (likeKeys.has(k)) continue;
    likeKeys.add(k);
    likes.push({ message_id: m, user_id: u, created_at: created });
    likeCounts.set(m, (likeCounts.get(m) ?? 0) + 1);
  }
  await bulk(db, (trx) => insertBatched(trx, 'likes', likes));

  const commentCounts = new Map<number, number>();
  const comments = Array.from({ length: SIZES.comments }, (_, i) => {
    const m = 1 + Math.floor(rand() * SIZES.messages);
    const loc = ((m - 1) % SIZES.locations) + 1;
    commentCounts.set(m, (commentCounts.get(m) ?? 0) + 1);
    return {
      message_id: m,
      user_id: loc,
      text: `Kommentar ${i}`,
      status: 'approved' as const,
      rejection_reason: null,
      created_at: created,
      moderated_at: null,
      moderated_by: null,
    };
  });
  await bulk(db, (trx) => insertBatched(trx, 'comments', comments));

  for (let l = 1; l <= SIZES.locations; l++) await refreshApprovedCount(db, l);
  // Denormalised counters, as the app maintains them.
  await bulk(db, async (trx) => {
    const ids = new Set([...likeCounts.keys(), ...commentCounts.keys()]);
    for (const id of ids) {
      await trx
        .updateTable('messages')
        .set({ like_count: likeCounts.get(id) ?? 0, comment_count: commentCounts.get(id) ?? 0 })
        .where('id', '=', id)
        .execute();
    }
  });
}
