import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { DB } from '../db/database.js';
import { isoFromMs, nowIso } from '../lib/time.js';

/** The tables sent from with a lease and back-off: mail (ADR 009), push (ADR 016) and webhooks. */
export type OutboxTable = 'email_outbox' | 'push_outbox' | 'webhook_deliveries';

/** The columns the claim reads and writes; every outbox table has them. */
export interface Claimable {
  id: number;
  attempts: number;
}
interface ClaimColumns extends Claimable {
  status: string;
  next_attempt_at: string;
  locked_until: string | null;
  /** Only the mail outbox has it (migration 033): lower goes first. */
  priority: number;
}

/**
 * Takes the oldest due row of `table` that nobody holds and leases it for `leaseMs`. The update
 * only succeeds for the sender that read the row first (attempts is the version), so no row is
 * sent by two senders or processes at once; after a crash the row is due again once the lease ends.
 */
export async function claimDue<Row extends Claimable>(
  db: DB,
  table: OutboxTable,
  leaseMs: number,
  { byPriority = false }: { byPriority?: boolean } = {},
): Promise<Row | null> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return claimSkipLocked<Row>(db, table, leaseMs, byPriority);
  // One query shape for both tables; Kysely cannot type a table chosen at run time.
  const q = db as unknown as Kysely<Record<OutboxTable, ClaimColumns>>;
  for (;;) {
    const now = nowIso();
    const row = (await q
      .selectFrom(table)
      .selectAll()
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .$if(byPriority, (qb) => qb.orderBy('priority'))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst()) as unknown as Row | undefined;
    if (!row) return null;
    const res = await q
      .updateTable(table)
      .set({ attempts: row.attempts + 1, locked_until: isoFromMs(Date.now() + leaseMs) })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .where('attempts', '=', row.attempts)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 1) return row;
  }
}

/**
 * PostgreSQL: one statement takes the oldest due row that no other sender has locked (ADR 017).
 * Concurrent senders, in this process or others, skip each other's rows instead of all reading
 * the same one and retrying their compare-and-set. The row comes back with `attempts` as it was
 * before this claim, like the portable claim's.
 */
async function claimSkipLocked<Row extends Claimable>(
  db: DB,
  table: OutboxTable,
  leaseMs: number,
  byPriority: boolean,
): Promise<Row | null> {
  const now = nowIso();
  const order = byPriority ? sql`priority, next_attempt_at, id` : sql`next_attempt_at, id`;
  const { rows } = await sql<Row>`
    update ${sql.table(table)} set attempts = attempts + 1, locked_until = ${isoFromMs(Date.now() + leaseMs)}
    where id = (
      select id from ${sql.table(table)}
      where status = 'pending' and next_attempt_at <= ${now} and (locked_until is null or locked_until <= ${now})
      order by ${order}
      limit 1
      for update skip locked
    )
    returning *`.execute(db);
  const row = rows[0];
  return row ? { ...row, attempts: row.attempts - 1 } : null;
}

/**
 * Hands back the leases of rows this process claimed but did not finish (a send still in flight
 * when the process stops): they become claimable at once, by another worker or the next start,
 * instead of after their lease. Only while the row is still pending and nobody claimed it since
 * (attempts is the claim's version: the claim counted it up by one).
 */
export async function releaseLeases(db: DB, table: OutboxTable, rows: readonly Claimable[]): Promise<number> {
  const q = db as unknown as Kysely<Record<OutboxTable, ClaimColumns>>;
  let released = 0;
  for (const row of rows) {
    const res = await q
      .updateTable(table)
      .set({ locked_until: null })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .where('attempts', '=', row.attempts + 1)
      .executeTakeFirst();
    released += Number(res.numUpdatedRows);
  }
  return released;
}

/** Back-off after the `attempts`-th failure: base, doubling, capped at max. */
export const retryDelay = (attempts: number, baseMs: number, maxMs: number): number =>
  Math.min(baseMs * 2 ** Math.min(attempts, 30), maxMs);

/**
 * The sending loop both outboxes share: `concurrency` senders take due rows one at a time until
 * none is left; concurrent flushes share one run; a poll finds rows that became due later.
 */
export abstract class Drain<Row extends Claimable> {
  private running: Promise<void> | null = null;
  /** Rows claimed and not yet finished: their leases go back on stop(). */
  private readonly held = new Set<Row>();
  private timer: NodeJS.Timeout | null = null;
  /** Set while a run is going when more became due: the run goes round once more. */
  protected again = false;
  /** Set when the far side could not be reached during this run: the other senders stop. */
  protected unreachable = false;
  /** Set by stop(): senders finish the row in hand and take no more. */
  protected closing = false;

  protected abstract readonly concurrency: number;
  /** False when nothing can be sent (no SMTP configured): flush() does nothing. */
  protected abstract get enabled(): boolean;
  protected abstract claim(): Promise<Row | null>;
  protected abstract send(row: Row): Promise<void>;
  protected abstract readonly log: { error(obj: object, msg: string): void; info(obj: object, msg: string): void };

  /** Looks for due rows every `pollMs` from now on (the timer does not keep the process alive). */
  protected poll(pollMs: number): void {
    this.timer ??= setInterval(() => void this.flush().catch(() => undefined), pollMs).unref();
  }

  /** Starts sending in the background, e.g. after rows were written in a transaction that has committed. */
  kick(): void {
    if (!this.enabled) return;
    this.flush().catch((err) => this.log.error({ err }, 'Postausgang konnte nicht verarbeitet werden'));
  }

  /**
   * Sends every due row; concurrent calls share one run. A call during a run starts the senders
   * that have run out of rows again, so a row queued while one sender waits on a slow receiver
   * goes out at once instead of after it. Resolves when nothing due is left.
   */
  flush(): Promise<void> {
    if (!this.enabled || this.closing) return Promise.resolve();
    if (this.running) {
      this.again = true;
      this.topUp();
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        this.unreachable = false;
        this.topUp();
        while (this.senders.size) await Promise.all([...this.senders]);
      } while (this.again && !this.unreachable && !this.closing);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** The senders at work in this run. */
  private readonly senders = new Set<Promise<void>>();

  /** Starts senders until `concurrency` are at work. */
  private topUp(): void {
    while (this.senders.size < this.concurrency && !this.unreachable && !this.closing) {
      const sender: Promise<void> = this.sender()
        .catch((err: unknown) => this.log.error({ err }, 'Postausgang: Senden fehlgeschlagen'))
        .finally(() => this.senders.delete(sender));
      this.senders.add(sender);
    }
  }

  private async sender(): Promise<void> {
    while (!this.unreachable && !this.closing) {
      const row = await this.claim();
      if (!row) return;
      this.held.add(row);
      try {
        await this.send(row);
      } finally {
        this.held.delete(row);
      }
    }
  }

  /**
   * Stops sending: the rows in hand are finished (for up to `waitMs`); the leases of those still
   * in flight then are handed back (releaseLeases), so another worker or the next start sends them
   * at once instead of after the lease. Whatever is still unsent goes after the next start.
   */
  protected async stop(waitMs: number, db: DB, table: OutboxTable): Promise<void> {
    this.closing = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.running) {
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([this.running.catch(() => undefined), new Promise((r) => (timeout = setTimeout(r, waitMs)))]);
      clearTimeout(timeout);
    }
    if (this.held.size) {
      const rows = [...this.held];
      const released = await releaseLeases(db, table, rows).catch(() => 0);
      await this.afterRelease(rows).catch(() => undefined);
      if (released) this.log.info({ released, table }, 'Postausgang: angefangene Sendungen freigegeben');
    }
  }

  /** What else the rows handed back on stop held (the webhooks' endpoint lanes); nothing by default. */
  protected async afterRelease(_rows: readonly Row[]): Promise<void> {}
}
