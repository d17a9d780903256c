import type { AdminLocationUpdate } from '@hausportal/contract';
import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/database.js';
import { recordChange } from '../audit/audit.js';
import { fieldError, notFound } from '../../lib/errors.js';
import { checkUpload, reencodeImage, type FormFile } from '../../lib/uploads.js';
import { requireStaffLocation, type Caller, requireAdmin } from '../auth/policies.js';
import { findService } from '../services/services.repository.js';
import { auditLocation } from './location.presenter.js';
import {
  countOutsidePrefix,
  findLocation,
  listBuildings,
  replaceBuildings,
  otherApartmentPrefixes,
  updateLocation,
  type LocationInput,
  type LocationRow,
} from './location.repository.js';

/** Only administrators, who see every location, give a location its namespace (ADR 028). */
const PREFIX_ADMIN_ONLY = 'Nur Administrator:innen können das Präfix der Wohnungsnummern eines Standorts ändern.';

/** Logos are shown small in the app's header; anything larger only costs bandwidth. */
const LOGO_MAX_SIDE = 1024;

/** A logo bundled with the app (a path like /logos/…) is not ours to delete. */
const isStored = (logo: string | null): logo is string => Boolean(logo) && !logo!.startsWith('/');

/**
 * Writes a change of one of the staff member's locations and its audit entry in one transaction,
 * reading the location before it in the same transaction (so two logo uploads at once each
 * replace the logo the other left). Returns the location before and after.
 */
async function changeLocation(
  ctx: AppContext,
  caller: Caller,
  id: number,
  action: string,
  patch: Partial<LocationInput>,
  buildings?: AdminLocationUpdate['buildings'],
) {
  await requireStaffLocation(ctx.db, caller, id);
  return inTransaction(ctx.db, async (trx) => {
    const before = await findLocation(trx, id);
    if (!before) throw notFound();
    const buildingsBefore = await listBuildings(trx, id);
    await updateLocation(trx, id, patch);
    if (buildings && !(await replaceBuildings(trx, id, buildings)))
      throw fieldError('buildings', 'Dieses Gebäude gehört nicht zu diesem Standort.');
    const after = (await findLocation(trx, id))!;
    const buildingsAfter = await listBuildings(trx, id);
    await recordChange(trx, {
      actor: caller,
      action,
      entity: { type: 'location', id, locationId: id },
      before: auditLocation(before, buildingsBefore),
      after: auditLocation(after, buildingsAfter),
    });
    return { before, after, buildings: buildingsAfter };
  });
}

/**
 * Checks a change of the location's apartment-number prefix (ADR 028): only administrators make
 * it; the prefixes of two locations must not overlap (neither may start the other,
 * case-insensitive), or their namespaces would not be disjoint; and every resident of the
 * location must already have a number that starts with it, so nothing breaks silently.
 * Removing the prefix is always possible. Sending the current value again is no change.
 */
async function checkPrefixChange(ctx: AppContext, caller: Caller, current: LocationRow, prefix: string | null) {
  if (prefix === current.apartment_prefix) return;
  requireAdmin(caller, PREFIX_ADMIN_ONLY);
  if (prefix === null) return;
  const lower = prefix.toLowerCase();
  for (const other of await otherApartmentPrefixes(ctx.db, current.id)) {
    const theirs = other.apartment_prefix!.toLowerCase();
    if (theirs.startsWith(lower) || lower.startsWith(theirs))
      throw fieldError(
        'apartment_prefix',
        `Das Präfix überschneidet sich mit „${other.apartment_prefix}“ des Standorts „${other.title}“. Die Präfixe zweier Standorte dürfen nicht miteinander beginnen.`,
      );
  }
  const outside = await countOutsidePrefix(ctx.db, current.id, prefix);
  if (outside > 0)
    throw fieldError(
      'apartment_prefix',
      `${outside === 1 ? '1 Wohnungsnummer' : `${outside} Wohnungsnummern`} dieses Standorts ${outside === 1 ? 'beginnt' : 'beginnen'} nicht mit „${prefix}“. Bitte ändern Sie diese zuerst oder wählen Sie ein anderes Präfix.`,
    );
}

/** A manager changes a location's settings; fields left out stay as they are. */
export async function updateLocationSettings(ctx: AppContext, caller: Caller, id: number, b: AdminLocationUpdate) {
  const { db } = ctx;
  await requireStaffLocation(db, caller, id);
  const current = await findLocation(db, id);
  if (!current) throw notFound();
  // The emergency button opens this service; one the location's residents cannot see would be a dead end.
  if (b.default_service_id != null && !(await findService(db, id, b.default_service_id))) {
    throw fieldError('default_service_id', 'Dieser Dienst ist an diesem Standort nicht verfügbar.');
  }
  const directCall = b.direct_call ?? Boolean(current.direct_call);
  if (directCall && !(b.direct_number ?? current.direct_number)) {
    throw fieldError('direct_number', 'Für den Direktanruf wird eine Telefonnummer benötigt.');
  }
  if (b.apartment_prefix !== undefined) await checkPrefixChange(ctx, caller, current, b.apartment_prefix);
  const { after, buildings } = await changeLocation(
    ctx,
    caller,
    id,
    'location_updated',
    {
      title: b.title,
      name: b.name,
      directCall: b.direct_call,
      directNumber: b.direct_number,
      defaultServiceId: b.default_service_id,
      defaultServiceAlways: b.default_service_always,
      text: b.text,
      hours: b.hours,
      phone: b.phone,
      email: b.email,
      freeText: b.free_text,
      residentsCanPost: b.residents_can_post,
      receptionPublishesDirectly: b.reception_publishes_directly,
      apartmentPrefix: b.apartment_prefix,
      street: b.street,
      postalCode: b.postal_code,
      city: b.city,
      accessNote: b.access_note,
      autoAcceptDays: b.auto_accept_days,
    },
    b.buildings,
  );
  return { location: after, buildings };
}

/**
 * A manager gives a location a new logo: checked by its magic bytes and re-encoded (which drops
 * metadata and anything hidden in the file), stored, and the old one removed once replaced.
 */
export async function replaceLogo(ctx: AppContext, caller: Caller, id: number, read: () => Promise<FormFile>) {
  const { storage } = ctx;
  await requireStaffLocation(ctx.db, caller, id);
  const file = await read();
  const checked = await checkUpload(file.data, file.filename, 'logo', ['image']);
  const key = await storage.put('logos', 'webp', await reencodeImage(checked.data, 'webp', LOGO_MAX_SIDE));
  let changed;
  try {
    changed = await changeLocation(ctx, caller, id, 'location_logo_updated', { logo: key });
  } catch (err) {
    await storage.remove(key);
    throw err;
  }
  if (isStored(changed.before.logo)) await storage.remove(changed.before.logo);
  return { location: changed.after, buildings: changed.buildings };
}

/** A manager removes a location's logo; the app shows its default logo then. */
export async function removeLogo(ctx: AppContext, caller: Caller, id: number) {
  const { before, after, buildings } = await changeLocation(ctx, caller, id, 'location_logo_removed', { logo: null });
  if (isStored(before.logo)) await ctx.storage.remove(before.logo);
  return { location: after, buildings };
}
