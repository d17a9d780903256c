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
  /** Defect tickets: the manager's list must stay fast at this size. */
  tickets: 100_000,
};

/** The bench's property manager (all locations); signs in at /api/staff/login/. */
export const BENCH_MANAGER = 'bench-manager@example.org';

/** Inserts rows in batches; one statement per batch keeps a 200k-row fill to seconds. */
export async function insertBatched<T extends keyof Database>(
  db: DB,
  table: T,
  rows: Insertable<Database[T]>[],
  batch = 500,
) {
  for (let i = 0; i < rows.length; i += batch) {
    await db
      .insertInto(table)
      // Kysely cannot relate a generic table name to its row type; the signature above does.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      .values(rows.slice(i, i + batch) as any)
      .execute();
  }
}

/** A location row of a bench with nothing but a title. */
export function benchLocation(id: number, title: string, created: string): Insertable<Database['locations']> {
  return {
    id,
    title,
    name: title,
    logo: null,
    direct_call: 0,
    direct_number: '',
    default_service_id: 3,
    text: '',
    hours: '',
    phone: '',
    email: '',
    free_text: '',
    residents_can_post: 0,
    created_at: created,
  };
}

/** An account of a bench that signs in with its apartment number and `passwordHash`. */
export function benchUser(
  id: number,
  locationId: number,
  role: 'resident' | 'receptionist',
  apartment: string,
  passwordHash: string,
  created: string,
): Insertable<Database['users']> {
  return {
    id,
    location_id: locationId,
    role,
    login: apartment.toLowerCase(),
    apartment_number: apartment,
    name: `Person ${id}`,
    email: `person${id}@example.org`,
    password_hash: passwordHash,
    profile_picture: null,
    emergency_services_deactivated: 0,
    language: 'de',
    is_active: 1,
    created_at: created,
  };
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
    // The flat-cost check measures the blackboard only.
    tickets: 0,
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
        ...benchLocation(i + 1, `Standort ${i + 1}`, created),
        direct_number: '+49 30 1111 0000',
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

  await fillTickets(db, SIZES, rand, now, hash);

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

const TICKET_STATUSES = [
  ['received', 0.2],
  ['in_progress', 0.2],
  ['craftsman_assigned', 0.1],
  ['appointment_set', 0.05],
  ['done', 0.4],
  ['rejected', 0.05],
] as const;

/**
 * The tickets's bench: SIZES.tickets over two years, ten categories per location (as
 * the migration gives every location), a tenth building-wide with followers, one 'created' entry
 * each, and the manager who runs every location.
 */
async function fillTickets(db: DB, SIZES: Sizes, rand: () => number, now: number, hash: string) {
  const created = new Date(now).toISOString();
  const managerId = SIZES.residents + 1;
  await bulk(db, async (trx) => {
    await insertBatched(trx, 'users', [
      {
        id: managerId,
        location_id: null,
        role: 'manager',
        login: BENCH_MANAGER,
        apartment_number: '',
        name: 'Bench-Verwaltung',
        email: BENCH_MANAGER,
        password_hash: hash,
        profile_picture: null,
        emergency_services_deactivated: 0,
        language: 'de',
        is_active: 1,
        created_at: created,
      },
    ]);
    await insertBatched(
      trx,
      'manager_locations',
      Array.from({ length: SIZES.locations }, (_, i) => ({ user_id: managerId, location_id: i + 1 })),
    );
    const categories = Array.from({ length: SIZES.locations * 10 }, (_, i) => ({
      id: i + 1,
      location_id: Math.floor(i / 10) + 1,
      name: `Kategorie ${(i % 10) + 1}`,
      emergency: i % 10 < 3 ? 1 : 0,
      sort_order: i % 10,
      archived: 0,
      created_at: created,
    }));
    await insertBatched(trx, 'ticket_categories', categories);
  });
  if (!SIZES.tickets) return;
  const span = 2 * 365 * 24 * 3_600_000;
  for (let start = 0; start < SIZES.tickets; start += 20_000) {
    const tickets: Insertable<Database['tickets']>[] = [];
    const events: Insertable<Database['ticket_events']>[] = [];
    const followers: Insertable<Database['ticket_followers']>[] = [];
    for (let i = start; i < Math.min(start + 20_000, SIZES.tickets); i++) {
      const location = (i % SIZES.locations) + 1;
      const reporter = location + SIZES.locations * Math.floor(rand() * (SIZES.residents / SIZES.locations));
      let r = rand();
      const status = TICKET_STATUSES.find(([, p]) => (r -= p) < 0)?.[0] ?? 'done';
      const at = new Date(now - span + Math.floor((i / SIZES.tickets) * span)).toISOString();
      const building = i % 10 === 0;
      tickets.push({
        id: i + 1,
        number: `${2025 + Math.floor(i / (SIZES.tickets / 2))}-${String(i + 1).padStart(6, '0')}`,
        location_id: location,
        reporter_id: reporter,
        created_by: null,
        source: 'app',
        category_id: (location - 1) * 10 + 1 + Math.floor(rand() * 10),
        scope: building ? 'building' : 'apartment',
        place: building ? 'Treppenhaus' : '',
        description: `Meldung ${i + 1}: ${'Es tropft und klappert. '.repeat(1 + (i % 5))}`,
        contact_consent: 1,
        contact_phone: '',
        status,
        done_at: status === 'done' ? at : null,
        first_response_at: status === 'received' ? null : at,
        last_staff_activity_at: status === 'received' ? null : at,
        last_activity_at: at,
        receipt_sha256: '0'.repeat(64),
        idempotency_key: null,
        created_at: at,
      });
      events.push({
        ticket_id: i + 1,
        kind: 'created',
        internal: 0,
        author: 'resident',
        user_id: reporter,
        assignment_id: null,
        status: null,
        text: '',
        created_at: at,
      });
      if (building) {
        const follower = location + SIZES.locations * Math.floor(rand() * (SIZES.residents / SIZES.locations));
        if (follower !== reporter) followers.push({ ticket_id: i + 1, user_id: follower, created_at: at });
      }
    }
    await bulk(db, async (trx) => {
      await insertBatched(trx, 'tickets', tickets);
      await insertBatched(trx, 'ticket_events', events);
      await insertBatched(trx, 'ticket_followers', followers);
    });
  }
}
