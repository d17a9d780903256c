import { PostgresAdapter, sql, type ExpressionBuilder } from 'kysely';
import { ERASED_NAME, type AccountStatus } from '@hausportal/contract';
import { inTransaction, type DB } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { pageOf, type PageWindow } from '../../db/paging.js';
import { nowIso } from '../../lib/time.js';
import { NO_PASSWORD, createUser } from '../auth/auth.repository.js';

const RESIDENT_ROLES = ['resident', 'receptionist'] as const;

/**
 * The account status (product §3.4) as SQL, so the list can filter and count by it:
 * a deactivated account is 'deactivated' whatever else holds; one that has signed in is 'active';
 * one with an unexpired invitation link or activation code waiting is 'invited'; else 'never'.
 */
export function accountStatus(now: string) {
  return sql<AccountStatus>`case
    when users.is_active = 0 then 'deactivated'
    when users.last_login_at is not null then 'active'
    when exists (select 1 from password_reset_tokens p
                 where p.user_id = users.id and p.used_at is null and p.expires_at > ${now})
      or exists (select 1 from activation_codes a
                 where a.user_id = users.id and a.used_at is null and a.expires_at > ${now}) then 'invited'
    else 'never' end`;
}

/** Until when the user's newest unused activation code works, or null. */
function activationExpiry(now: string) {
  return sql<string | null>`(select max(a.expires_at) from activation_codes a
    where a.user_id = users.id and a.used_at is null and a.expires_at > ${now})`;
}

const residentColumns = (now: string) =>
  [
    ...plainColumns,
    accountStatus(now).as('account_status'),
    activationExpiry(now).as('activation_expires_at'),
  ] as const;

const plainColumns = [
  'users.id',
  'users.name',
  'users.apartment_number',
  'users.email',
  'users.location_id',
  'locations.title as location_title',
  'users.role',
  'users.language',
  'users.emergency_services_deactivated',
  'users.is_active',
  'users.invited_at',
  'users.erased_at',
  'users.created_at',
  'users.last_login_at',
  'users.external_id',
  'users.move_in_on',
  'users.move_out_on',
  'users.access_opened_at',
  'users.access_closed_at',
] as const;

/** Residents and receptionists of the given locations: what a manager may see. */
function residentsIn(db: DB, scope: number[]) {
  return db
    .selectFrom('users')
    .innerJoin('locations', 'locations.id', 'users.location_id')
    .where('users.role', 'in', RESIDENT_ROLES)
    .where('users.location_id', 'in', scope.length ? scope : [-1]);
}

/** Every spelling of one character that differs only in case (single code points only). */
function caseVariants(c: string): string[] {
  return [...new Set([c, c.toLowerCase(), c.toUpperCase()])].filter((v) => [...v].length === 1);
}

/**
 * A pattern that finds `term` anywhere, ignoring case, also beyond ASCII ('MÜLLER' finds
 * 'Müller'): SQLite's lower() and LIKE fold ASCII only, and PostgreSQL's depend on the
 * database's locale, so every letter becomes a class of its spellings ([mM][üÜ]…).
 * SQLite gets a GLOB pattern, PostgreSQL a regular expression.
 */
export function caseInsensitivePattern(term: string, dialect: 'sqlite' | 'postgres'): string {
  let out = '';
  for (const c of term) {
    const variants = caseVariants(c);
    if (variants.length > 1) out += `[${variants.join('')}]`;
    else if (dialect === 'sqlite') out += '*?['.includes(c) ? `[${c}]` : c;
    else out += /[\\^$.|?*+()[\]{}]/.test(c) ? `\\${c}` : c;
  }
  return dialect === 'sqlite' ? `*${out}*` : out;
}

const dialectOf = (db: DB) => (db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite');

function matches(
  eb: ExpressionBuilder<Database, 'users'>,
  column: 'name' | 'apartment_number' | 'email',
  p: string,
  pg: boolean,
) {
  return pg ? eb(`users.${column}`, '~', p) : sql<boolean>`${sql.ref(`users.${column}`)} glob ${p}`;
}

export interface ResidentFilter {
  locationId?: number;
  search?: string;
  active?: boolean;
  status?: AccountStatus;
}

/** One page of the residents in scope, by apartment number, with the total. */
export function listResidents(db: DB, scope: number[], f: ResidentFilter, window: PageWindow) {
  let base = residentsIn(db, scope);
  if (f.locationId !== undefined) base = base.where('users.location_id', '=', f.locationId);
  if (f.active !== undefined) base = base.where('users.is_active', '=', f.active ? 1 : 0);
  const now = nowIso();
  if (f.status !== undefined) base = base.where(accountStatus(now), '=', f.status);
  const term = f.search?.trim();
  if (term) {
    const dialect = dialectOf(db);
    const p = caseInsensitivePattern(term, dialect);
    const pg = dialect === 'postgres';
    base = base.where((eb) =>
      eb.or([matches(eb, 'name', p, pg), matches(eb, 'apartment_number', p, pg), matches(eb, 'email', p, pg)]),
    );
  }
  return pageOf(
    base,
    (q) => q.select(residentColumns(now)).orderBy('users.apartment_number').orderBy('users.id'),
    window,
  );
}

/** One resident of the given locations, or undefined (also for staff and unknown ids). */
export function findResident(db: DB, scope: number[], id: number) {
  return residentsIn(db, scope).select(residentColumns(nowIso())).where('users.id', '=', id).executeTakeFirst();
}

/** Residents of the given locations by id, in apartment order (the activation letters). */
export function findResidents(db: DB, scope: number[], ids: number[]) {
  return residentsIn(db, scope)
    .select(residentColumns(nowIso()))
    .where('users.id', 'in', ids.length ? ids : [-1])
    .orderBy('locations.title')
    .orderBy('users.apartment_number')
    .orderBy('users.id')
    .execute();
}

/** The title and contact lines of locations, for the activation letters' sender. */
export function locationContacts(db: DB, ids: number[]) {
  return db
    .selectFrom('locations')
    .select(['id', 'title', 'name', 'phone', 'email', 'street', 'postal_code', 'city'])
    .where('id', 'in', ids.length ? ids : [-1])
    .execute();
}

/**
 * Per location, how many active residents (receptionists included, erased ones not) have never
 * signed in (`users.last_login_at` is null); every given location is in the map, 0 when none.
 */
export async function countNeverSignedIn(db: DB, locationIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('users')
    .select(['location_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('role', 'in', RESIDENT_ROLES)
    .where('location_id', 'in', locationIds.length ? locationIds : [-1])
    .where('is_active', '=', 1)
    .where('erased_at', 'is', null)
    .where('last_login_at', 'is', null)
    .groupBy('location_id')
    .execute();
  const counts = new Map(locationIds.map((id) => [id, 0]));
  for (const r of rows) counts.set(r.location_id!, Number(r.n));
  return counts;
}

export type ResidentRow = NonNullable<Awaited<ReturnType<typeof findResident>>>;

/** The account that signs in with this apartment number (any role, any location), if one does. */
export function findLoginOwner(db: DB, apartmentNumber: string) {
  return db
    .selectFrom('users')
    .select(['id', 'location_id', 'role', 'erased_at'])
    .where('login', '=', apartmentNumber.trim().toLowerCase())
    .executeTakeFirst();
}

/** The editable fields of a resident. */
export interface ResidentInput {
  locationId: number;
  name: string;
  apartmentNumber: string;
  email: string;
  isReceptionist: boolean;
  emergencyServicesDeactivated: boolean;
  /** Undefined keeps the stored value (null on creation). */
  moveInOn?: string | null;
  moveOutOn?: string | null;
  externalId?: string | null;
}

/**
 * Adds a resident without a usable password (set later through the invitation link); returns its
 * id. Access is left to open: the action settles it by the move dates (residents.access.ts).
 */
export function createResident(db: DB, v: ResidentInput): Promise<number> {
  return createUser(db, {
    accessOpen: false,
    externalId: v.externalId,
    moveInOn: v.moveInOn,
    moveOutOn: v.moveOutOn,
    role: v.isReceptionist ? 'receptionist' : 'resident',
    locationId: v.locationId,
    apartmentNumber: v.apartmentNumber,
    name: v.name,
    email: v.email,
    passwordHash: NO_PASSWORD,
    emergencyServicesDeactivated: v.emergencyServicesDeactivated,
  });
}

/** Changes a resident's fields; the login follows the apartment number. */
export async function updateResident(db: DB, id: number, v: ResidentInput): Promise<void> {
  await db
    .updateTable('users')
    .set({
      location_id: v.locationId,
      role: v.isReceptionist ? 'receptionist' : 'resident',
      login: v.apartmentNumber.trim().toLowerCase(),
      apartment_number: v.apartmentNumber,
      name: v.name,
      email: v.email.trim().toLowerCase(),
      emergency_services_deactivated: v.emergencyServicesDeactivated ? 1 : 0,
      ...(v.moveInOn !== undefined ? { move_in_on: v.moveInOn } : {}),
      ...(v.moveOutOn !== undefined ? { move_out_on: v.moveOutOn } : {}),
      ...(v.externalId !== undefined ? { external_id: v.externalId } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Deactivates (ending every session and reset link) or re-activates an account. */
export async function setActive(db: DB, id: number, active: boolean): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('users')
      .set({ is_active: active ? 1 : 0 })
      .where('id', '=', id)
      .execute();
    if (!active) {
      await trx.deleteFrom('auth_tokens').where('user_id', '=', id).execute();
      await trx.deleteFrom('password_reset_tokens').where('user_id', '=', id).execute();
      // A printed letter must not open a locked account later.
      await trx.deleteFrom('activation_codes').where('user_id', '=', id).where('used_at', 'is', null).execute();
    }
  });
}

/** Records that an invitation mail was queued now. */
export async function markInvited(db: DB, id: number): Promise<string> {
  const now = nowIso();
  await db.updateTable('users').set({ invited_at: now }).where('id', '=', id).execute();
  return now;
}

/**
 * Blanks an account (DSGVO Art. 17): name, e-mail, login, apartment number and picture go, with its
 * activation codes; the account stays deactivated, so their posts can keep an anonymous author.
 * Returns the profile picture's file key, if any. The other modules' parts run before (registry).
 */
export async function eraseAccount(trx: DB, id: number): Promise<string[]> {
  const user = await trx
    .selectFrom('users')
    .select(['profile_picture', 'erased_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('users')
    .set({
      name: ERASED_NAME,
      email: '',
      login: `erased-${id}`,
      apartment_number: '',
      profile_picture: null,
      password_hash: NO_PASSWORD,
      is_active: 0,
      erased_at: user.erased_at ?? nowIso(),
      // The ERP's id and the move dates name a person's tenancy and go too; a later sync with the
      // same id makes a new account, not this one.
      external_id: null,
      move_in_on: null,
      move_out_on: null,
    })
    .where('id', '=', id)
    .execute();
  await trx.deleteFrom('activation_codes').where('user_id', '=', id).execute();
  return user.profile_picture ? [user.profile_picture] : [];
}

/** When an account was erased (null while it is not). */
export async function erasedAt(db: DB, id: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('erased_at').where('id', '=', id).executeTakeFirst();
  return row?.erased_at ?? null;
}

// ---- import ----

/** The accounts behind these logins (lower-cased apartment numbers), any location. */
export async function findByLogins(db: DB, logins: string[]) {
  // No logins, no query: a placeholder such as '\u0000' is text PostgreSQL refuses.
  if (logins.length === 0) return [];
  return db
    .selectFrom('users')
    .select([
      'id',
      'login',
      'location_id',
      'role',
      'name',
      'email',
      'emergency_services_deactivated',
      'erased_at',
      'apartment_number',
      'is_active',
      'last_login_at',
      'move_in_on',
      'move_out_on',
      // Whether an invitation link or activation code is still waiting: the import invites again
      // only those without one, so importing the same file twice sends nothing twice.
      (eb) =>
        eb
          .or([
            eb.exists(
              eb
                .selectFrom('password_reset_tokens')
                .select('password_reset_tokens.id')
                .whereRef('password_reset_tokens.user_id', '=', 'users.id')
                .where('password_reset_tokens.used_at', 'is', null)
                .where('password_reset_tokens.expires_at', '>', nowIso()),
            ),
            eb.exists(
              eb
                .selectFrom('activation_codes')
                .select('activation_codes.id')
                .whereRef('activation_codes.user_id', '=', 'users.id')
                .where('activation_codes.used_at', 'is', null)
                .where('activation_codes.expires_at', '>', nowIso()),
            ),
          ])
          .as('invitation_pending'),
    ])
    .where('login', 'in', logins)
    .execute();
}

export type LoginOwner = Awaited<ReturnType<typeof findByLogins>>[number];

/** Adds many residents at once, without usable passwords; returns their ids in input order. */
export async function createResidents(db: DB, rows: ResidentInput[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const now = nowIso();
  const inserted = await db
    .insertInto('users')
    .values(
      rows.map((v) => ({
        location_id: v.locationId,
        role: v.isReceptionist ? ('receptionist' as const) : ('resident' as const),
        login: v.apartmentNumber.trim().toLowerCase(),
        apartment_number: v.apartmentNumber,
        name: v.name,
        email: v.email.trim().toLowerCase(),
        password_hash: NO_PASSWORD,
        profile_picture: null,
        emergency_services_deactivated: v.emergencyServicesDeactivated ? 1 : 0,
        language: 'de',
        is_active: 1,
        created_at: now,
        // Left to open by the move dates (residents.access.ts), in the same transaction.
        access_opened_at: null,
        external_id: v.externalId ?? null,
        move_in_on: v.moveInOn ?? null,
        move_out_on: v.moveOutOn ?? null,
      })),
    )
    .returning(['id', 'login'])
    .execute();
  const byLogin = new Map(inserted.map((r) => [r.login, r.id]));
  return rows.map((v) => byLogin.get(v.apartmentNumber.trim().toLowerCase())!);
}

/**
 * Per location, how many residents have each account status (the back office's
 * 'Übersicht': who never signed in, with or without an invitation waiting).
 */
export async function countAccountStatuses(db: DB, locationIds: number[]) {
  const status = accountStatus(nowIso());
  const rows = await db
    .selectFrom('users')
    .select(['users.location_id', status.as('status'), (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('users.role', 'in', RESIDENT_ROLES)
    .where('users.location_id', 'in', locationIds.length ? locationIds : [-1])
    .where('users.erased_at', 'is', null)
    // By position: the status expression carries a parameter, which PostgreSQL would number anew
    // in GROUP BY and then not recognise as the selected column.
    .groupBy(['users.location_id', sql`2`])
    .execute();
  const counts = new Map(
    locationIds.map((id) => [id, { invited: 0, active: 0, never: 0, deactivated: 0 } as Record<AccountStatus, number>]),
  );
  for (const r of rows) counts.get(r.location_id!)![r.status] = Number(r.n);
  return counts;
}

// ---- access by move-in and move-out ----

/** Splits ids into chunks a statement's parameters can hold on both dialects. */
export function chunks<T>(items: T[], size = 1000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** What the access rules need of residents (erased and staff accounts are left out). */
export async function accessSubjects(db: DB, ids: number[]) {
  const rows = [];
  for (const part of chunks([...new Set(ids)])) {
    rows.push(
      ...(await db
        .selectFrom('users')
        .innerJoin('locations', 'locations.id', 'users.location_id')
        .select([
          'users.id',
          'users.email',
          'users.name',
          'users.apartment_number',
          'users.location_id',
          'locations.title as location_title',
          'locations.name as location_name',
          'users.language',
          'users.is_active',
          'users.external_id',
          'users.move_in_on',
          'users.move_out_on',
          'users.access_opened_at',
          'users.access_closed_at',
          (eb) => eb('users.password_hash', '=', NO_PASSWORD).as('no_password'),
        ])
        .where('users.id', 'in', part)
        .where('users.role', 'in', RESIDENT_ROLES)
        .where('users.erased_at', 'is', null)
        .execute()),
    );
  }
  return rows;
}
export type AccessSubject = Awaited<ReturnType<typeof accessSubjects>>[number];

/** Marks access opened where it was not yet (compare-and-set); returns the ids this call opened. */
export async function claimAccessOpened(db: DB, ids: number[]): Promise<number[]> {
  const out: number[] = [];
  const now = nowIso();
  for (const part of chunks(ids)) {
    const rows = await db
      .updateTable('users')
      .set({ access_opened_at: now })
      .where('id', 'in', part)
      .where('access_opened_at', 'is', null)
      .returning('id')
      .execute();
    out.push(...rows.map((r) => r.id));
  }
  return out;
}

/**
 * Marks access closed where it was not yet and ends what lets the account in: sessions, push
 * subscriptions (no pushes to a former resident's phone), reset links and unused activation
 * codes. Returns the ids this call closed.
 */
export async function claimAccessClosed(db: DB, ids: number[]): Promise<number[]> {
  const out: number[] = [];
  const now = nowIso();
  for (const part of chunks(ids)) {
    const rows = await db
      .updateTable('users')
      .set({ access_closed_at: now })
      .where('id', 'in', part)
      .where('access_closed_at', 'is', null)
      .returning('id')
      .execute();
    out.push(...rows.map((r) => r.id));
  }
  await endAccess(db, out);
  return out;
}

/** Ends the sessions, push subscriptions, reset links and unused activation codes of these accounts. */
export async function endAccess(db: DB, ids: number[]): Promise<void> {
  for (const part of chunks(ids)) {
    await db.deleteFrom('auth_tokens').where('user_id', 'in', part).execute();
    await db.deleteFrom('push_subscriptions').where('user_id', 'in', part).execute();
    await db.deleteFrom('password_reset_tokens').where('user_id', 'in', part).execute();
    await db.deleteFrom('activation_codes').where('user_id', 'in', part).where('used_at', 'is', null).execute();
  }
}

/**
 * Lifts the closed mark of accounts whose move-out moved so that access is open again
 * (compare-and-set); returns the ids this call reopened.
 */
export async function reopenAccess(db: DB, ids: number[]): Promise<number[]> {
  const out: number[] = [];
  for (const part of chunks(ids)) {
    const rows = await db
      .updateTable('users')
      .set({ access_closed_at: null })
      .where('id', 'in', part)
      .where('access_closed_at', 'is not', null)
      .returning('id')
      .execute();
    out.push(...rows.map((r) => r.id));
  }
  return out;
}

/**
 * Accounts opened before whose move-in moved later: ends what lets them in (the invitation link
 * too) and takes the opened mark back, so the access job opens them again when the day comes.
 */
export async function rescheduleAccess(db: DB, ids: number[]): Promise<void> {
  for (const part of chunks(ids))
    await db.updateTable('users').set({ access_opened_at: null }).where('id', 'in', part).execute();
  await endAccess(db, ids);
}

/**
 * The job's question (indexes users_access_to_open and users_access_to_close): active residents
 * whose access should be open by now (move-in on or before `openMoveInUpTo`, or none) but was not
 * opened, and those whose move-out lies on or before `closeMoveOutUpTo` but were not closed.
 */
export async function dueForAccess(db: DB, openMoveInUpTo: string, closeMoveOutUpTo: string, limit: number) {
  const toOpen = await db
    .selectFrom('users')
    .select('id')
    .where('access_opened_at', 'is', null)
    .where((eb) => eb.or([eb('move_in_on', 'is', null), eb('move_in_on', '<=', openMoveInUpTo)]))
    .where('role', 'in', RESIDENT_ROLES)
    .where('is_active', '=', 1)
    .where('erased_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
  const toClose = await db
    .selectFrom('users')
    .select('id')
    .where('access_closed_at', 'is', null)
    .where('move_out_on', 'is not', null)
    .where('move_out_on', '<=', closeMoveOutUpTo)
    .where('role', 'in', RESIDENT_ROLES)
    .where('erased_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
  return { toOpen: toOpen.map((r) => r.id), toClose: toClose.map((r) => r.id) };
}

/** Deactivates many accounts at once (the sync's deactivate_missing): sessions and links end too. */
export async function deactivateMany(db: DB, ids: number[]): Promise<void> {
  for (const part of chunks(ids)) await db.updateTable('users').set({ is_active: 0 }).where('id', 'in', part).execute();
  await endAccess(db, ids);
}

export function residentForWebhook(db: DB, id: number) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'location_id',
      'external_id',
      'apartment_number',
      'name',
      'email',
      'move_in_on',
      'move_out_on',
      'role',
      'erased_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

// ---- DSGVO ----

/** The account as the data export shows it (Art. 15), with its location's title. */
export function exportedAccount(db: DB, userId: number) {
  return db
    .selectFrom('users')
    .leftJoin('locations', 'locations.id', 'users.location_id')
    .select([
      'users.id',
      'users.login',
      'users.apartment_number',
      'users.name',
      'users.email',
      'users.role',
      'users.language',
      'users.emergency_services_deactivated',
      'users.profile_picture',
      'users.created_at',
      'users.last_login_at',
      'users.external_id',
      'users.move_in_on',
      'users.move_out_on',
      'locations.title as location',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** Activation letters: when each was printed, until when it worked, whether it was used. */
export function activationLettersOf(db: DB, userId: number) {
  return db
    .selectFrom('activation_codes')
    .select(['created_at', 'expires_at', 'used_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}
