import {
  APARTMENT_TAKEN,
  apartmentPrefixRequired,
  apartmentTwiceIn,
  MOVE_OUT_BEFORE_MOVE_IN,
  inApartmentNamespace,
  moveDatesInOrder,
  residentImportRow,
  type ResidentImportResult,
} from '@hausportal/contract';
import type { z } from 'zod';
import type { DB } from '../../db/database.js';
import { accessState, type AccessWindow } from '../auth/access-window.js';
import { findByLogins, type LoginOwner, type ResidentInput } from './residents.repository.js';

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
      Boolean(owner.emergency_services_deactivated) !== row.emergency_services_deactivated) ||
    (row.move_in_on !== undefined && owner.move_in_on !== row.move_in_on) ||
    (row.move_out_on !== undefined && owner.move_out_on !== row.move_out_on)
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
    moveInOn: row.move_in_on === undefined ? owner.move_in_on : row.move_in_on,
    moveOutOn: row.move_out_on === undefined ? owner.move_out_on : row.move_out_on,
  };
}

/** Whether access is open by these dates now: only then does an invitation go out now. */
const openNow = (v: ResidentInput, window: AccessWindow) =>
  accessState({ move_in_on: v.moveInOn ?? null, move_out_on: v.moveOutOn ?? null }, window) === 'open';

/** What one import call will write: the result it answers with, and the rows behind it. */
export interface ImportPlan {
  result: ResidentImportResult;
  /** New residents, in the order of the batch; `invite` for those who get the invitation. */
  create: { input: ResidentInput; invite: boolean }[];
  /** Residents of the location whose fields change, with their fields before. */
  update: { id: number; before: ResidentInput; input: ResidentInput }[];
  /** Residents of the location already there who get the invitation (see planImport). */
  inviteExisting: { id: number; email: string; name: string; apartmentNumber: string }[];
}

/**
 * Checks one batch of residents for a location (ADR 014) and decides what it writes. Every row
 * is checked on its own and a row with errors is skipped; the apartment number (the login)
 * decides whether a row creates a resident, updates one of this location, or is refused because
 * it is taken elsewhere: by another location's resident or a staff account, answered alike
 * ('bereits vergeben'), so the import names no other location. When the location has an
 * apartment-number prefix (ADR 028), a row whose number does not start with it is refused before
 * any login is looked up: its answer is the same whether the number exists elsewhere or not.
 * Idempotent: the same batch again changes nothing.
 * With `send_invitations` (the default) every row with an e-mail address is invited:
 * new residents, and residents of the location who have never signed in, are active and have no
 * invitation link or activation code waiting, so a second import of the file sends nothing twice.
 */
export async function planImport(
  db: DB,
  req: ImportRequest,
  window: AccessWindow,
  prefix: string | null = null,
): Promise<ImportPlan> {
  const locationId = req.location_id;
  const errors: ResidentImportResult['errors'] = [];
  const valid: { index: number; row: Row }[] = [];

  req.rows.forEach((raw, index) => {
    const line = lineOf(raw);
    const parsed =
      raw !== null && typeof raw === 'object' && !Array.isArray(raw)
        ? residentImportRow.safeParse(raw)
        : ({ success: false, error: null } as const);
    if (parsed.success && !inApartmentNamespace(parsed.data.apartment_number, prefix))
      errors.push({
        row: index,
        ...(line === undefined ? {} : { line }),
        errors: { apartment_number: [apartmentPrefixRequired(prefix!)] },
      });
    else if (parsed.success) valid.push({ index, row: parsed.data });
    else
      errors.push({
        row: index,
        ...(line === undefined ? {} : { line }),
        errors: parsed.error ? fieldErrors(parsed.error) : { non_field_errors: ['Die Zeile ist kein Datensatz.'] },
      });
  });

  // The same apartment twice in one batch is ambiguous: neither row is taken.
  const seen = new Map<string, number>();
  const linesOf = new Map<string, (number | undefined)[]>();
  for (const { index, row } of valid) {
    const login = loginOf(row.apartment_number);
    seen.set(login, (seen.get(login) ?? 0) + 1);
    linesOf.set(login, [...(linesOf.get(login) ?? []), lineOf(req.rows[index])]);
  }
  const owners = new Map((await findByLogins(db, [...seen.keys()])).map((o) => [o.login, o]));

  const toCreate: ResidentInput[] = [];
  const toUpdate: ImportPlan['update'] = [];
  const inviteExisting: ImportPlan['inviteExisting'] = [];
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
      const own = lineOf(req.rows[index]);
      const others = linesOf.get(login)!.filter((l): l is number => l !== undefined && l !== own);
      rowError(index, apartmentTwiceIn(others));
      continue;
    }
    const owner = owners.get(login);
    const moveIn = row.move_in_on === undefined ? owner?.move_in_on : row.move_in_on;
    const moveOut = row.move_out_on === undefined ? owner?.move_out_on : row.move_out_on;
    if (!moveDatesInOrder(moveIn, moveOut)) {
      errors.push({
        row: index,
        ...(lineOf(req.rows[index]) === undefined ? {} : { line: lineOf(req.rows[index]) }),
        errors: { move_out_on: [MOVE_OUT_BEFORE_MOVE_IN] },
      });
      continue;
    }
    if (!owner) {
      toCreate.push({
        locationId,
        name: row.name,
        apartmentNumber: row.apartment_number,
        email: row.email ?? '',
        isReceptionist: row.is_receptionist ?? false,
        emergencyServicesDeactivated: row.emergency_services_deactivated ?? false,
        moveInOn: row.move_in_on ?? null,
        moveOutOn: row.move_out_on ?? null,
      });
    } else if (
      (owner.role !== 'resident' && owner.role !== 'receptionist') ||
      owner.erased_at ||
      owner.location_id !== locationId
    ) {
      rowError(index, APARTMENT_TAKEN);
    } else {
      const input = merged(owner, row, locationId);
      if (changes(owner, row))
        toUpdate.push({ id: owner.id, before: merged(owner, beforeRow(owner), locationId), input });
      else unchanged++;
      if (
        req.send_invitations &&
        input.email &&
        owner.is_active &&
        !owner.last_login_at &&
        !owner.invitation_pending &&
        openNow(input, window)
      )
        inviteExisting.push({
          id: owner.id,
          email: input.email,
          name: input.name,
          apartmentNumber: input.apartmentNumber,
        });
    }
  }
  errors.sort((a, b) => a.row - b.row);

  // New residents are invited when their access opens: now, or by the access job.
  const create = toCreate.map((input) => ({
    input,
    invite: req.send_invitations && input.email !== '' && openNow(input, window),
  }));
  const invited = create.filter((c) => c.invite).length + inviteExisting.length;
  return {
    result: { created: toCreate.length, updated: toUpdate.length, unchanged, invited, errors },
    create,
    update: toUpdate,
    inviteExisting,
  };
}

/** The existing account's values in the shape of an import row, for the audit's "before". */
function beforeRow(owner: LoginOwner): Row {
  return {
    name: owner.name,
    apartment_number: owner.apartment_number,
    email: owner.email,
    is_receptionist: owner.role === 'receptionist',
    emergency_services_deactivated: Boolean(owner.emergency_services_deactivated),
    move_in_on: owner.move_in_on,
    move_out_on: owner.move_out_on,
  };
}
