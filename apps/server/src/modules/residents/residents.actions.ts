import { randomBytes } from 'node:crypto';
import {
  ACTIVATION_CODE_ALPHABET,
  ACTIVATION_CODE_LENGTH,
  ACTIVATION_CODE_TTL_DAYS,
  APARTMENT_TAKEN,
  MOVE_OUT_BEFORE_MOVE_IN,
  NO_EMAIL,
  apartmentPrefixRequired,
  inApartmentNamespace,
  moveDatesInOrder,
  type ResidentImportResult,
  type adminResidentCreate,
  type adminResidentUpdate,
  formatAddress,
} from '@hausportal/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../auth/auth-user.js';
import { inTransaction, isUniqueViolation, type DB } from '../../db/database.js';
import { recordChange } from '../audit/audit.js';
import { fieldError, nonFieldError, notFound } from '../../lib/errors.js';
import { locationsByIds, replaceActivationCodes } from '../auth/auth.repository.js';
import { hashToken } from '../../lib/tokens.js';
import { isoFromMs } from '../../lib/time.js';
import { renderActivationLetters, type Letter } from './residents.letters.js';
import { requireStaffLocation, staffLocations, type Caller } from '../auth/policies.js';
import { planImport, type ImportRequest } from './residents.import.js';
import { queueAccountMail, recipientOf } from './residents.mail.js';
import { auditedInput, auditedResident } from './residents.presenter.js';
import { settleAccess } from './residents.access.js';
import { raise } from '../../events/bus.js';
import * as repo from './residents.repository.js';
import { apartmentPrefixOf } from '../location/location.repository.js';

const ERASED = 'Die Daten dieser Person wurden gelöscht.';
const INACTIVE = 'Dieses Konto ist deaktiviert. Bitte aktivieren Sie es zuerst.';

type ResidentForm = z.output<typeof adminResidentUpdate>;
type NewResident = z.output<typeof adminResidentCreate>;
type AccountMail = 'invitation' | 'reset';

/** The resident if the staff member may see them (one of their locations), else 404. */
export async function residentInReach(db: DB, user: AuthUser, id: number): Promise<repo.ResidentRow> {
  const row = await repo.findResident(db, await staffLocations(db, user), id);
  if (!row) throw notFound();
  return row;
}

/**
 * 400 unless the apartment number lies in the location's namespace (ADR 028). Checked before any
 * lookup of existing logins, so a number of another location's namespace is refused by its form
 * alone, whether it exists or not.
 */
async function requireNamespace(db: DB, locationId: number, apartmentNumber: string): Promise<void> {
  const prefix = await apartmentPrefixOf(db, locationId);
  if (!inApartmentNamespace(apartmentNumber, prefix))
    throw fieldError('apartment_number', apartmentPrefixRequired(prefix!));
}

/**
 * 400 unless the apartment number is free or already this resident's login. A number taken
 * anywhere, in the caller's locations or not, gets the same answer: nothing tells which location.
 */
async function requireFreeApartment(db: DB, apartmentNumber: string, selfId?: number): Promise<void> {
  const owner = await repo.findLoginOwner(db, apartmentNumber);
  if (owner && owner.id !== selfId) throw fieldError('apartment_number', APARTMENT_TAKEN);
}

/** Two requests may claim one apartment number at once; the unique login decides, answered alike. */
async function claimingApartment<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('apartment_number', APARTMENT_TAKEN);
    throw err;
  }
}

/** The repository's input from the form. */
function inputOf(b: ResidentForm): repo.ResidentInput {
  return {
    locationId: b.location_id,
    name: b.name,
    apartmentNumber: b.apartment_number,
    email: b.email,
    isReceptionist: b.is_receptionist,
    emergencyServicesDeactivated: b.emergency_services_deactivated,
    moveInOn: b.move_in_on,
    moveOutOn: b.move_out_on,
  };
}

/** 400 on `move_out_on` unless the move-out (as it will be stored) lies on or after the move-in. */
function requireMovesInOrder(b: ResidentForm, before?: { move_in_on: string | null; move_out_on: string | null }) {
  const moveIn = b.move_in_on === undefined ? before?.move_in_on : b.move_in_on;
  const moveOut = b.move_out_on === undefined ? before?.move_out_on : b.move_out_on;
  if (!moveDatesInOrder(moveIn, moveOut)) throw fieldError('move_out_on', MOVE_OUT_BEFORE_MOVE_IN);
}

/** A manager adds a resident to one of their locations, optionally invited to set their password. */
export async function createResident(ctx: AppContext, caller: Caller, b: NewResident): Promise<repo.ResidentRow> {
  const { db } = ctx;
  await requireStaffLocation(db, caller, b.location_id);
  await requireNamespace(db, b.location_id, b.apartment_number);
  await requireFreeApartment(db, b.apartment_number);
  requireMovesInOrder(b);
  if (b.send_invitation && !b.email) throw fieldError('email', NO_EMAIL);
  const input = inputOf(b);
  const row = await claimingApartment(() =>
    inTransaction(db, async (trx) => {
      const id = await repo.createResident(trx, input);
      // Access opens now or by the access job; the invitation goes out when it opens.
      await settleAccess(ctx, trx, [id], { invite: b.send_invitation });
      const created = (await repo.findResident(trx, [b.location_id], id))!;
      await recordChange(trx, {
        actor: caller,
        action: 'resident_created',
        entity: { type: 'user', id, locationId: b.location_id },
        after: auditedResident(created),
      });
      return (await repo.findResident(trx, [b.location_id], id))!;
    }),
  );
  if (b.send_invitation) ctx.outbox.kick();
  ctx.webhooks.kick(); // resident.activated, when the access opened
  return row;
}

/** A manager corrects a resident of their locations, or moves them to another of their locations. */
export async function updateResident(
  ctx: AppContext,
  caller: Caller,
  id: number,
  b: ResidentForm,
): Promise<repo.ResidentRow> {
  const { db } = ctx;
  const before = await residentInReach(db, caller, id);
  await requireStaffLocation(db, caller, b.location_id);
  if (before.erased_at) throw nonFieldError(ERASED);
  await requireNamespace(db, b.location_id, b.apartment_number);
  await requireFreeApartment(db, b.apartment_number, id);
  requireMovesInOrder(b, before);
  const settled = await claimingApartment(() =>
    inTransaction(db, async (trx) => {
      await repo.updateResident(trx, id, inputOf(b));
      // New dates may open (a resident scheduled before gets the invitation then, as from
      // the job), reopen or close access.
      const access = await settleAccess(ctx, trx, [id], { invite: true });
      const after = (await repo.findResident(trx, [b.location_id], id))!;
      await recordChange(trx, {
        actor: caller,
        action: 'resident_updated',
        entity: { type: 'user', id, locationId: b.location_id },
        details: before.location_id === b.location_id ? undefined : { from_location_id: before.location_id },
        before: auditedResident(before),
        after: auditedResident(after),
      });
      return { after, invited: access.invited.length > 0 };
    }),
  );
  if (settled.invited) ctx.outbox.kick();
  ctx.webhooks.kick(); // resident.activated, when the access opened
  return settled.after;
}

/** A manager locks a resident of their locations out, ending every session, or lets them back in (unless erased). */
export async function setResidentActive(
  ctx: AppContext,
  caller: Caller,
  id: number,
  active: boolean,
): Promise<repo.ResidentRow> {
  const { db } = ctx;
  const before = await residentInReach(db, caller, id);
  if (active && before.erased_at) throw nonFieldError(ERASED);
  const after = await inTransaction(db, async (trx) => {
    await repo.setActive(trx, id, active);
    // An account reactivated inside its window whose access never opened opens now
    // (which raises resident.activated); one whose access was open already is usable again now.
    const settled = active ? await settleAccess(ctx, trx, [id], { invite: false }) : null;
    const usableAgain = !before.is_active && before.access_opened_at && !before.access_closed_at;
    if (settled && !settled.opened.length && usableAgain)
      await raise(trx, ctx, { type: 'resident.activated', userId: id, locationId: before.location_id! });
    await recordChange(trx, {
      actor: caller,
      action: active ? 'resident_activated' : 'resident_deactivated',
      entity: { type: 'user', id, locationId: before.location_id },
      before: before.erased_at ? undefined : auditedResident(before),
      after: before.erased_at ? undefined : { ...auditedResident(before), is_active: active },
    });
    return (await repo.findResident(trx, [before.location_id!], id))!;
  });
  if (active) ctx.webhooks.kick();
  return after;
}

/** A manager sends an active resident of their locations the invitation or a password-reset link by mail. */
export async function sendAccountMail(ctx: AppContext, caller: Caller, id: number, kind: AccountMail): Promise<void> {
  const { db } = ctx;
  const row = await residentInReach(db, caller, id);
  if (!row.email) throw fieldError('email', NO_EMAIL);
  if (!row.is_active) throw nonFieldError(INACTIVE);
  await inTransaction(db, async (trx) => {
    await queueAccountMail(ctx, trx, recipientOf(row), kind);
    await recordChange(trx, {
      actor: caller,
      action: kind === 'invitation' ? 'resident_invited' : 'resident_password_reset',
      entity: { type: 'user', id, locationId: row.location_id },
    });
  });
  ctx.outbox.kick();
}

/** A manager erases the personal data of a resident of their locations (DSGVO Art. 17); returns when. */
export async function eraseResident(
  ctx: AppContext,
  caller: Caller,
  id: number,
  content: 'anonymize' | 'delete',
): Promise<string> {
  const { db } = ctx;
  const row = await residentInReach(db, caller, id);
  const files = await inTransaction(db, async (trx) => {
    // Every module's part, in the registry's order (src/registry.ts): the account is blanked last.
    const stored = await ctx.personalData.erase(trx, id, { content });
    // What happened, not to whom: no name, e-mail or apartment number.
    await recordChange(trx, {
      actor: caller,
      action: 'resident_erased',
      entity: { type: 'user', id, locationId: row.location_id },
      details: { content },
    });
    return stored;
  });
  for (const key of files) await ctx.storage.remove(key).catch(() => undefined);
  return (await repo.erasedAt(db, id))!;
}

/** A manager imports a batch of residents from a CSV file into one of their locations (ADR 014). */
export async function importResidents(
  ctx: AppContext,
  caller: Caller,
  req: ImportRequest,
): Promise<ResidentImportResult> {
  const { db } = ctx;
  const locationId = req.location_id;
  await requireStaffLocation(db, caller, locationId);
  const [location] = await locationsByIds(db, [locationId]);
  const locationTitle = location!.title || location!.name;
  try {
    const plan = await planImport(db, req, ctx.config.access, await apartmentPrefixOf(db, locationId));
    // Everything of one call in one transaction, nothing on a dry run. New residents get no
    // usable password (no hashing per row); invited ones the link to set it.
    if (req.dry_run || (plan.create.length === 0 && plan.update.length === 0 && plan.inviteExisting.length === 0))
      return plan.result;
    await inTransaction(db, async (trx) => {
      const ids = await repo.createResidents(
        trx,
        plan.create.map((c) => c.input),
      );
      for (const [i, c] of plan.create.entries()) {
        await recordChange(trx, {
          actor: caller,
          action: 'resident_created',
          entity: { type: 'user', id: ids[i]!, locationId },
          details: { via: 'import' },
          after: { ...auditedInput(c.input), is_active: true },
        });
      }
      for (const u of plan.update) {
        await repo.updateResident(trx, u.id, u.input);
        await recordChange(trx, {
          actor: caller,
          action: 'resident_updated',
          entity: { type: 'user', id: u.id, locationId },
          details: { via: 'import' },
          before: auditedInput(u.before),
          after: auditedInput(u.input),
        });
      }
      // Access opens by the move dates, the same rules as the back office and the ERP:
      // new residents whose window is open are invited now (if the import invites), the others
      // when it opens; changed dates may open, reopen or close an existing resident's access.
      const settled = await settleAccess(ctx, trx, [...ids, ...plan.update.map((u) => u.id)], {
        invite: req.send_invitations,
      });
      const invitedNow = new Set(settled.invited);
      const existing = plan.inviteExisting.filter((to) => !invitedNow.has(to.id));
      plan.result.invited = settled.invited.length + existing.length;
      for (const to of existing) {
        await queueAccountMail(ctx, trx, { ...to, locationId, locationTitle }, 'invitation', { bulk: true });
        await recordChange(trx, {
          actor: caller,
          action: 'resident_invited',
          entity: { type: 'user', id: to.id, locationId },
          details: { via: 'import' },
        });
      }
    });
    if (plan.result.invited) ctx.outbox.kick();
    return plan.result;
  } catch (err) {
    // Another import wrote one of the same apartments meanwhile; the whole batch was rolled back.
    if (isUniqueViolation(err))
      throw nonFieldError('Die Daten wurden gleichzeitig geändert. Bitte starten Sie den Import erneut.');
    throw err;
  }
}

/** A new activation code: 12 characters of the 32-character alphabet, 60 random bits. */
export function newActivationCode(): string {
  // 32 divides 256, so the low five bits of a random byte pick a character without bias.
  return [...randomBytes(ACTIVATION_CODE_LENGTH)].map((b) => ACTIVATION_CODE_ALPHABET[b & 31]).join('');
}

/**
 * A manager prints activation letters for residents of their locations: each gets a
 * new one-time code, valid 30 days, that replaces their earlier unused ones; only the codes'
 * hashes are stored, and each letter is in the audit log. Another location's resident (or an
 * unknown id) is 404; an erased or deactivated account is refused by name, since a letter for it
 * could not be used. The PDF is drawn before anything is written, so a failure leaves the old
 * codes working; it is returned, never stored.
 */
export async function printActivationLetters(
  ctx: AppContext,
  caller: Caller,
  requested: number[],
): Promise<{ pdf: Buffer; count: number; apartmentNumber: string }> {
  const { db, config } = ctx;
  const ids = [...new Set(requested)];
  const rows = await repo.findResidents(db, await staffLocations(db, caller), ids);
  if (rows.length !== ids.length) throw notFound();
  const refused = rows.filter((r) => r.erased_at || !r.is_active);
  if (refused.length) {
    const named = [
      ...refused.filter((r) => !r.erased_at).map((r) => `${r.name} (Wohnung ${r.apartment_number})`),
      ...refused.filter((r) => r.erased_at).map(() => 'eine gelöschte Person'),
    ];
    throw fieldError(
      'ids',
      `Für gelöschte oder deaktivierte Konten gibt es keine Aktivierungsbriefe: ${named.join(', ')}. Bitte wählen Sie diese ab oder aktivieren Sie das Konto zuerst.`,
    );
  }
  const locations = new Map(
    (await repo.locationContacts(db, [...new Set(rows.map((r) => r.location_id!))])).map((l) => [l.id, l]),
  );
  const expiresAt = isoFromMs(Date.now() + ACTIVATION_CODE_TTL_DAYS * 24 * 3600 * 1000);
  const letters: (Letter & { id: number; locationId: number })[] = rows.map((r) => {
    const location = locations.get(r.location_id!)!;
    return {
      id: r.id,
      locationId: r.location_id!,
      name: r.name,
      apartmentNumber: r.apartment_number,
      locationTitle: location.title || location.name,
      locationAddress: formatAddress(location),
      locationPhone: location.phone ?? '',
      locationEmail: location.email ?? '',
      language: r.language,
      code: newActivationCode(),
      expiresAt,
    };
  });
  const pdf = await renderActivationLetters({ appName: config.appName, publicUrl: config.publicUrl, letters });
  await inTransaction(db, async (trx) => {
    await replaceActivationCodes(
      trx,
      letters.map((l) => ({ userId: l.id, codeHash: hashToken(l.code), expiresAt })),
      caller.id,
    );
    for (const l of letters) {
      await recordChange(trx, {
        actor: caller,
        action: 'activation_letter_printed',
        entity: { type: 'user', id: l.id, locationId: l.locationId },
        details: { expires_at: expiresAt },
      });
    }
  });
  return { pdf, count: letters.length, apartmentNumber: letters[0]!.apartmentNumber };
}
