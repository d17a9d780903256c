import { inTransaction, type DB } from '../../db/database.js';
import { insertAuditEntries, insertAuditEntry } from './audit.repository.js';
import { nowIso } from '../../lib/time.js';

/**
 * Who made a change: a signed-in user, with the address they called from where that is worth
 * keeping (back office, sign-in), an API key (`id` null, `apiKeyId` set: the log shows the key's
 * name), or `null` for the system itself (a rule, a command).
 */
export type Actor = { id: number; ip?: string; apiKeyId?: undefined } | { id: null; ip?: string; apiKeyId: number };

/** One entry of the audit log: who did what to which entity, where, and what it looked like before and after. */
export interface Change {
  actor: Actor | null;
  action: string;
  entity: {
    type: string;
    id?: number | null;
    /** The location the change concerned; the back office filters by it. */
    locationId?: number | null;
  };
  /** The entity before and after the change (omitted for a creation or a deletion). */
  before?: unknown;
  after?: unknown;
  /** Anything else worth keeping, such as the fields a profile update touched. */
  details?: unknown;
}

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

/**
 * Appends one entry to the audit log. Actions pass their transaction, so the entry exists
 * exactly when the change it records does.
 */
export async function recordChange(trx: DB, change: Change): Promise<void> {
  await insertAuditEntry(trx, auditRow(change));
}

/** Appends many entries in a few statements (bulk writes: the resident sync). */
export async function recordChanges(trx: DB, changes: Change[]): Promise<void> {
  await insertAuditEntries(trx, changes.map(auditRow));
}

function auditRow(change: Change) {
  return {
    user_id: change.actor?.id ?? null,
    action: change.action,
    entity: change.entity.type,
    entity_id: change.entity.id ?? null,
    location_id: change.entity.locationId ?? null,
    details: json(change.details),
    before: json(change.before),
    after: json(change.after),
    ip: change.actor?.ip ?? null,
    api_key_id: change.actor?.apiKeyId ?? null,
    created_at: nowIso(),
  };
}

/** What `changeEntity` needs to know of one kind of entity. */
export interface EntityKind<Row> {
  /** Its name in the audit log: 'phone', 'service', … */
  type: string;
  /** Reads one row, inside the change's transaction. */
  load: (db: DB, id: number) => Promise<Row | undefined>;
  /** What the audit log keeps of a row (its API shape, without personal data of others). */
  view: (row: Row) => unknown;
  /** The location a row belongs to (default: its `location_id`). */
  locationOf?: (row: Row) => number | null;
}

/**
 * One back-office change of one entity as a unit, in one transaction: `write` (which returns the
 * id of a row it creates), the row read again, and the audit entry with the row before and after.
 * Returns the row after the change; undefined after a deletion.
 */
export function changeEntity<Row extends { id: number }>(
  db: DB,
  kind: EntityKind<Row>,
  change: { actor: Actor; action: string; before: Row | null; details?: unknown },
  write: (trx: DB) => Promise<number | void>,
): Promise<Row | undefined> {
  const locationOf = kind.locationOf ?? ((row: Row) => (row as { location_id?: number | null }).location_id ?? null);
  const { before } = change;
  return inTransaction(db, async (trx) => {
    const id = (await write(trx)) ?? before!.id;
    const after = await kind.load(trx, id);
    await recordChange(trx, {
      actor: change.actor,
      action: change.action,
      entity: { type: kind.type, id, locationId: after ? locationOf(after) : before && locationOf(before) },
      before: before && kind.view(before),
      after: after && kind.view(after),
      details: change.details,
    });
    return after;
  });
}
