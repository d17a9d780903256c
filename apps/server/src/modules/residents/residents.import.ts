import {
  APARTMENT_OF_OTHER_LOCATION,
  APARTMENT_TAKEN,
  APARTMENT_TWICE,
  residentImportRow,
  type ResidentImportResult,
} from '@hausportal/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/database.js';
import { audit } from '../../lib/audit.js';
import {
  createResidents,
  findByLogins,
  updateResident,
  type LoginOwner,
  type ResidentInput,
} from './residents.repository.js';
import { queueAccountMail } from './residents.mail.js';

type Row = z.output<typeof residentImportRow>;
type RowErrors = Record<string, string[]>;

/** One import call as the route received it. */
export interface ImportRequest {
  location_id: number;
  rows: unknown[];
  dry_run: boolean;
  send_invitations: boolean;
}

/** Field → messages from zod's issues, as DRF lists them. */
function fieldErrors(error: z.ZodError): RowErrors {
  const out: RowErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : 'non_field_errors';
    const list = (out[field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return out;
}

/** The CSV line the client sent along, if it is a plausible one. */
function lineOf(raw: unknown): number | undefined {
  const line = (raw as { line?: unknown } | null)?.line;
  return typeof line === 'number' && Number.isInteger(line) && line >= 0 && line <= 10_000_000 ? line : undefined;
}

const loginOf = (apartmentNumber: string) => apartmentNumber.trim().toLowerCase();

/** The fields of `row` that differ from the existing account; optional fields left out keep their value. */
function changes(owner: LoginOwner, row: Row): boolean {
  return (
    owner.name !== row.name ||
    owner.apartment_number !== row.apartment_number ||
    (row.email !== undefined && owner.email !== row.email) ||
    (row.is_receptionist !== undefined && (owner.role === 'receptionist') !== row.is_receptionist) ||
    (row.emergency_services_deactivated !== undefined &&
      Boolean(owner.emergency_services_deactivated) !== row.emergency_services_deactivated)
  );
}

/** The account's fields after the row is applied. */
function merged(owner: LoginOwner, row: Row, locationId: number): ResidentInput {
  return {
    locationId,
    name: row.name,
    apartmentNumber: row.apartment_number,
    email: row.email ?? owner.email,
    isReceptionist: row.is_receptionist ?? owner.role === 'receptionist',
    emergencyServicesDeactivated: row.emergency_services_deactivated ?? Boolean(owner.emergency_services_deactivated),
  };
}

const audited = (v: ResidentInput) => ({
  name: v.name,
  apartment_number: v.apartmentNumber,
  email: v.email,
  location_id: v.locationId,
  is_receptionist: v.isReceptionist,
  emergency_services_deactivated: v.emergencyServicesDeactivated,
});

/**
 * Imports one batch of residents into a location (ADR 014). Every row is checked on its own and
 * a row with errors is skipped; the apartment number (the login) decides whether a row creates a
 * resident, updates one of this location, or is refused because another location or a staff
 * account has it. Idempotent: the same batch again changes nothing. Everything of one call is
 * written in one transaction, nothing at all on a dry run. New residents get no usable password
 * (no hashing per row); with `send_invitations` those with an e-mail address get the invitation.
 */
export async function importResidents(
  ctx: Pick<AppContext, 'db' | 'outbox' | 'config'>,
  actor: { userId: number; ip: string },
  req: ImportRequest,
  locationTitle: string,
): Promise<ResidentImportResult> {
  const { db, outbox } = ctx;
  const locationId = req.location_id;
  const errors: ResidentImportResult['errors'] = [];
  const valid: { index: number; row: Row }[] = [];

  req.rows.forEach((raw, index) => {
    const line = lineOf(raw);
    const parsed =
      raw !== null && typeof raw === 'object' && !Array.isArray(raw)
        ? residentImportRow.safeParse(raw)
        : ({ success: false, error: null } as const);
    if (parsed.success) valid.push({ index, row: parsed.data });
    else
      errors.push({
        row: index,
        ...(line === undefined ? {} : { line }),
        errors: parsed.error ? fieldErrors(parsed.error) : { non_field_errors: ['Die Zeile ist kein Datensatz.'] },
      });
  });

  // The same apartment twice in one batch is ambiguous: neither row is taken.
  const seen = new Map<string, number>();
  for (const { row } of valid)
    seen.set(loginOf(row.apartment_number), (seen.get(loginOf(row.apartment_number)) ?? 0) + 1);
  const owners = new Map((await findByLogins(db, [...seen.keys()])).map((o) => [o.login, o]));

  const toCreate: { index: number; input: ResidentInput }[] = [];
  const toUpdate: { index: number; owner: LoginOwner; input: ResidentInput }[] = [];
  let unchanged = 0;
  const rowError = (index: number, message: string) =>
    errors.push({
      row: index,
      ...(lineOf(req.rows[index]) === undefined ? {} : { line: lineOf(req.rows[index]) }),
      errors: { apartment_number: [message] },
    });

  for (const { index, row } of valid) {
    const login = loginOf(row.apartment_number);
    if (seen.get(login)! > 1) {
      rowError(index, APARTMENT_TWICE);
      continue;
    }
    const owner = owners.get(login);
    if (!owner) {
      toCreate.push({
        index,
        input: {
          locationId,
          name: row.name,
          apartmentNumber: row.apartment_number,
          email: row.email ?? '',
          isReceptionist: row.is_receptionist ?? false,
          emergencyServicesDeactivated: row.emergency_services_deactivated ?? false,
        },
      });
    } else if ((owner.role !== 'resident' && owner.role !== 'receptionist') || owner.erased_at) {
      rowError(index, APARTMENT_TAKEN);
    } else if (owner.location_id !== locationId) {
      rowError(index, APARTMENT_OF_OTHER_LOCATION);
    } else if (changes(owner, row)) {
      toUpdate.push({ index, owner, input: merged(owner, row, locationId) });
    } else {
      unchanged++;
    }
  }
  errors.sort((a, b) => a.row - b.row);

  const invitees = req.send_invitations ? toCreate.filter((c) => c.input.email !== '') : [];
  const result = { created: toCreate.length, updated: toUpdate.length, unchanged, invited: invitees.length, errors };
  if (req.dry_run || (toCreate.length === 0 && toUpdate.length === 0)) return result;

  await inTransaction(db, async (trx) => {
    const ids = await createResidents(
      trx,
      toCreate.map((c) => c.input),
    );
    const idOf = new Map(toCreate.map((c, i) => [c.index, ids[i]!]));
    for (const c of toCreate) {
      await audit(trx, {
        userId: actor.userId,
        action: 'resident_created',
        entity: 'user',
        entityId: idOf.get(c.index)!,
        locationId,
        details: { via: 'import' },
        after: { ...audited(c.input), is_active: true },
        ip: actor.ip,
      });
    }
    for (const u of toUpdate) {
      await updateResident(trx, u.owner.id, u.input);
      await audit(trx, {
        userId: actor.userId,
        action: 'resident_updated',
        entity: 'user',
        entityId: u.owner.id,
        locationId,
        details: { via: 'import' },
        before: audited(merged(u.owner, beforeRow(u.owner), locationId)),
        after: audited(u.input),
        ip: actor.ip,
      });
    }
    for (const c of invitees) {
      await queueAccountMail(
        ctx,
        trx,
        {
          id: idOf.get(c.index)!,
          email: c.input.email,
          name: c.input.name,
          apartmentNumber: c.input.apartmentNumber,
          locationId,
          locationTitle,
        },
        'invitation',
      );
    }
  });
  if (invitees.length) outbox.kick();
  return result;
}

/** The existing account's values in the shape of an import row, for the audit's "before". */
function beforeRow(owner: LoginOwner): Row {
  return {
    name: owner.name,
    apartment_number: owner.apartment_number,
    email: owner.email,
    is_receptionist: owner.role === 'receptionist',
    emergency_services_deactivated: Boolean(owner.emergency_services_deactivated),
  };
}
