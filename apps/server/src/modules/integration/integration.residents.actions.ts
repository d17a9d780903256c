import {
  APARTMENT_TAKEN,
  MOVE_OUT_BEFORE_MOVE_IN,
  apartmentPrefixRequired,
  inApartmentNamespace,
  integrationSyncRecord,
  moveDatesInOrder,
  type IntegrationSyncResult,
} from '@hausportal/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { inTransaction, isUniqueViolation } from '../../db/database.js';
import { recordChanges, type Change } from '../audit/audit.js';
import { nonFieldError } from '../../lib/errors.js';
import { apartmentPrefixOf } from '../location/location.repository.js';
import { settleAccess } from '../residents/residents.access.js';
import * as residents from '../residents/residents.repository.js';
import { auditedInput } from '../residents/residents.presenter.js';
import type { KeyCaller } from '../auth/auth-user.js';
import { keyActor } from '../auth/policies.js';
import * as repo from './integration.residents.repository.js';

// The resident sync from an ERP: one plan for a PUT and a sync of up to 5,000 records.
// Reads are batched (one select by external ids, one by logins), writes go in transactions of
// CHUNK records with the audit rows in bulk, and new residents get no password (no hashing): the
// invitation sets it when their access opens (residents.access.ts, the same rules as the back
// office and the CSV import).

type SyncRecord = z.output<typeof integrationSyncRecord>;
type FieldErrors = Record<string, string[]>;
export type UpsertResult = 'created' | 'updated' | 'unchanged';

const CHUNK = 500;
export const NOT_KEY_LOCATION = 'Dieser API-Schlüssel hat keinen Zugriff auf diesen Standort.';
export const EXTERNAL_ID_TAKEN = 'Diese externe ID gehört zu einem Konto, das dieser Schlüssel nicht ändern darf.';
export const EXTERNAL_ID_TWICE = 'Diese externe ID kommt in den Daten mehrfach vor.';
const ERASED = 'Die Daten dieser Person wurden gelöscht.';
const RECORD_NOT_OBJECT = 'Der Datensatz ist kein Objekt.';
const CONCURRENT = 'Die Daten wurden gleichzeitig geändert. Bitte senden Sie den Abgleich erneut.';
export const DEACTIVATE_NEEDS_RECORDS =
  'Mit deactivate_missing braucht der Abgleich mindestens einen Datensatz; sonst würden alle Bewohner:innen deaktiviert.';

/** Field → messages from zod's issues, as DRF lists them. */
function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : 'non_field_errors';
    const list = (out[field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return out;
}

const loginOf = (apartmentNumber: string) => apartmentNumber.trim().toLowerCase();

/** The external id of a raw record, if it has a readable one (for errors and deactivate_missing). */
function rawExternalId(raw: unknown): string | null {
  const v = (raw as { external_id?: unknown } | null)?.external_id;
  return typeof v === 'string' && v.length <= 100 && !v.includes('\u0000') ? v : null;
}

interface Planned {
  index: number;
  rec: SyncRecord;
  existing?: repo.SyncedRow;
  input: residents.ResidentInput;
  active?: boolean;
  outcome: UpsertResult;
}

/** What the audit log keeps of a synced resident. */
const audited = (input: residents.ResidentInput, active: boolean) => ({
  ...auditedInput(input),
  is_active: active,
  external_id: input.externalId ?? null,
  move_in_on: input.moveInOn ?? null,
  move_out_on: input.moveOutOn ?? null,
});

/** The stored fields of an existing row in the repository's input shape. */
const inputOfRow = (r: repo.SyncedRow): residents.ResidentInput => ({
  locationId: r.location_id!,
  name: r.name,
  apartmentNumber: r.apartment_number,
  email: r.email,
  isReceptionist: r.role === 'receptionist',
  emergencyServicesDeactivated: Boolean(r.emergency_services_deactivated),
  moveInOn: r.move_in_on,
  moveOutOn: r.move_out_on,
  externalId: r.external_id,
});

const sameInput = (a: residents.ResidentInput, b: residents.ResidentInput) =>
  a.locationId === b.locationId &&
  a.name === b.name &&
  a.apartmentNumber === b.apartmentNumber &&
  a.email === b.email &&
  a.isReceptionist === b.isReceptionist &&
  a.emergencyServicesDeactivated === b.emergencyServicesDeactivated &&
  (a.moveInOn ?? null) === (b.moveInOn ?? null) &&
  (a.moveOutOn ?? null) === (b.moveOutOn ?? null);

/**
 * Upserts residents of the key's locations by external id (`PUT …/residents/{id}` and the sync).
 * Each record is checked on its own, and a bad one (wrong field, another location, an apartment
 * number taken by another account, a duplicate in the batch) is reported with its index and
 * skipped; the others are written. An identical record writes nothing, not even an audit row.
 * With `deactivateMissing`, active residents of the key's locations that carry an external id
 * and are not named are deactivated; residents without an external id (made by hand or by the
 * CSV import) are never touched.
 */
export async function syncResidents(
  ctx: AppContext,
  caller: KeyCaller,
  records: unknown[],
  opts: { deactivateMissing: boolean },
): Promise<{ result: IntegrationSyncResult; outcomes: Map<number, UpsertResult> }> {
  const { db } = ctx;
  if (opts.deactivateMissing && records.length === 0) throw nonFieldError(DEACTIVATE_NEEDS_RECORDS);
  const errors: IntegrationSyncResult['errors'] = [];
  const fail = (index: number, raw: unknown, e: FieldErrors) =>
    errors.push({ index, external_id: rawExternalId(raw), errors: e });

  const prefixes = new Map<number, string | null>();
  for (const id of caller.locationIds) prefixes.set(id, await apartmentPrefixOf(db, id));

  // 1. Each record on its own.
  const valid: { index: number; rec: SyncRecord }[] = [];
  records.forEach((raw, index) => {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
      return fail(index, raw, { non_field_errors: [RECORD_NOT_OBJECT] });
    const parsed = integrationSyncRecord.safeParse(raw);
    if (!parsed.success) return fail(index, raw, fieldErrors(parsed.error));
    const rec = parsed.data;
    if (!prefixes.has(rec.location_id)) return fail(index, raw, { location_id: [NOT_KEY_LOCATION] });
    const prefix = prefixes.get(rec.location_id);
    if (!inApartmentNamespace(rec.apartment_number, prefix))
      return fail(index, raw, { apartment_number: [apartmentPrefixRequired(prefix!)] });
    if (!moveDatesInOrder(rec.move_in_on, rec.move_out_on))
      return fail(index, raw, { move_out_on: [MOVE_OUT_BEFORE_MOVE_IN] });
    valid.push({ index, rec });
  });

  // 2. Duplicates inside the batch: neither record is taken.
  const count = (key: (r: SyncRecord) => string) => {
    const m = new Map<string, number>();
    for (const { rec } of valid) m.set(key(rec), (m.get(key(rec)) ?? 0) + 1);
    return m;
  };
  const byExternal = count((r) => r.external_id);
  const byLogin = count((r) => loginOf(r.apartment_number));

  // 3. One read by external ids, one by logins.
  const existing = new Map(
    (await repo.findByExternalIds(db, [...byExternal.keys()])).map((r) => [r.external_id!, r] as const),
  );
  const owners = new Map((await repo.ownersOfLogins(db, [...byLogin.keys()])).map((o) => [o.login, o.id] as const));

  const planned: Planned[] = [];
  for (const { index, rec } of valid) {
    const raw = records[index];
    if (byExternal.get(rec.external_id)! > 1) {
      fail(index, raw, { external_id: [EXTERNAL_ID_TWICE] });
      continue;
    }
    if (byLogin.get(loginOf(rec.apartment_number))! > 1) {
      fail(index, raw, { apartment_number: ['Diese Wohnungsnummer kommt in den Daten mehrfach vor.'] });
      continue;
    }
    const row = existing.get(rec.external_id);
    if (row && ((row.role !== 'resident' && row.role !== 'receptionist') || !prefixes.has(row.location_id ?? -1))) {
      fail(index, raw, { external_id: [EXTERNAL_ID_TAKEN] });
      continue;
    }
    if (row?.erased_at) {
      fail(index, raw, { non_field_errors: [ERASED] });
      continue;
    }
    const owner = owners.get(loginOf(rec.apartment_number));
    if (owner !== undefined && owner !== row?.id) {
      fail(index, raw, { apartment_number: [APARTMENT_TAKEN] });
      continue;
    }
    const input: residents.ResidentInput = {
      locationId: rec.location_id,
      name: rec.name,
      apartmentNumber: rec.apartment_number,
      email: rec.email,
      isReceptionist: rec.is_receptionist ?? (row ? row.role === 'receptionist' : false),
      emergencyServicesDeactivated:
        rec.emergency_services_deactivated ?? (row ? Boolean(row.emergency_services_deactivated) : false),
      moveInOn: rec.move_in_on,
      moveOutOn: rec.move_out_on,
      externalId: rec.external_id,
    };
    const activeChange = row && rec.is_active !== undefined && Boolean(row.is_active) !== rec.is_active;
    const outcome: UpsertResult = !row
      ? 'created'
      : activeChange || !sameInput(inputOfRow(row), input)
        ? 'updated'
        : 'unchanged';
    planned.push({ index, rec, existing: row, input, active: rec.is_active, outcome });
  }

  // 4. Writes, CHUNK records to a transaction, the audit rows in bulk.
  const actor = keyActor(caller);
  const via = { via: 'integration' };
  const writes = planned.filter((p) => p.outcome !== 'unchanged');
  let invited = 0;
  try {
    for (let i = 0; i < writes.length; i += CHUNK) {
      const part = writes.slice(i, i + CHUNK);
      invited += await inTransaction(db, async (trx) => {
        const creates = part.filter((p) => p.outcome === 'created');
        const ids = await residents.createResidents(
          trx,
          creates.map((p) => p.input),
        );
        const changes: Change[] = creates.map((p, k) => ({
          actor,
          action: 'resident_created',
          entity: { type: 'user', id: ids[k]!, locationId: p.input.locationId },
          details: via,
          after: audited(p.input, true),
        }));
        const inactive: number[] = [];
        for (const [k, p] of creates.entries()) if (p.active === false) inactive.push(ids[k]!);
        const updates = part.filter((p) => p.outcome === 'updated');
        for (const p of updates) {
          const row = p.existing!;
          await residents.updateResident(trx, row.id, p.input);
          const active = p.active ?? Boolean(row.is_active);
          if (active !== Boolean(row.is_active)) await residents.setActive(trx, row.id, active);
          changes.push({
            actor,
            action: 'resident_updated',
            entity: { type: 'user', id: row.id, locationId: p.input.locationId },
            details: row.location_id === p.input.locationId ? via : { ...via, from_location_id: row.location_id },
            before: audited(inputOfRow(row), Boolean(row.is_active)),
            after: audited(p.input, active),
          });
        }
        if (inactive.length) await residents.deactivateMany(trx, inactive);
        await recordChanges(trx, changes);
        const settled = await settleAccess(ctx, trx, [...ids, ...updates.map((p) => p.existing!.id)], {
          invite: true,
        });
        return settled.invited.length;
      });
    }
  } catch (err) {
    // Another writer took an apartment number or external id meanwhile; this chunk was rolled back.
    if (isUniqueViolation(err)) throw nonFieldError(CONCURRENT);
    throw err;
  }

  // 5. Residents of the key's locations the ERP no longer names.
  let deactivated = 0;
  if (opts.deactivateMissing) {
    const named = new Set(records.map(rawExternalId).filter((v): v is string => v !== null));
    const missing = (await repo.activeSyncedIn(db, caller.locationIds)).filter((r) => !named.has(r.external_id!));
    for (let i = 0; i < missing.length; i += CHUNK) {
      const part = missing.slice(i, i + CHUNK);
      await inTransaction(db, async (trx) => {
        await residents.deactivateMany(
          trx,
          part.map((r) => r.id),
        );
        await recordChanges(
          trx,
          part.map((r) => ({
            actor,
            action: 'resident_deactivated',
            entity: { type: 'user', id: r.id, locationId: r.location_id },
            details: { via: 'integration', reason: 'missing_in_sync' },
          })),
        );
      });
    }
    deactivated = missing.length;
  }
  if (invited) ctx.outbox.kick();

  errors.sort((a, b) => a.index - b.index);
  const outcomes = new Map(planned.map((p) => [p.index, p.outcome] as const));
  const n = (o: UpsertResult) => planned.filter((p) => p.outcome === o).length;
  return {
    result: { created: n('created'), updated: n('updated'), unchanged: n('unchanged'), deactivated, errors },
    outcomes,
  };
}
