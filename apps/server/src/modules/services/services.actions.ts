import type { AdminProviderInput, AdminServiceInput } from '@hausportal/contract';
import { storeTranslations } from '../../lib/translations.js';
import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/database.js';
import { changeEntity, recordChange, type EntityKind } from '../audit/audit.js';
import { ApiError, fieldError, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { inStaffScope, requireStaffLocation, type Caller, type Resident } from '../auth/policies.js';
import { isSystemService, providerRequestMail, toAdminProvider, toAdminService } from './services.presenter.js';
import * as repo from './services.repository.js';

const ONLY_ADMIN_GLOBAL = 'Dienste für alle Standorte kann nur die Administration anlegen oder ändern.';
const NOT_AT_LOCATION = 'Dieser Dienst ist an diesem Standort nicht verfügbar.';

const service: EntityKind<repo.AdminServiceRow> = {
  type: 'service',
  load: repo.findAdminService,
  view: toAdminService,
};
const provider: EntityKind<repo.AdminProviderRow> = {
  type: 'provider',
  load: repo.findAdminProvider,
  view: toAdminProvider,
};

/**
 * A resident sends a provider of their location a request: stored, and mailed to the provider
 * (or the location's address), in one transaction; refused when the provider takes no form requests.
 */
export async function sendProviderRequest(ctx: AppContext, resident: Resident, providerId: number, text: string) {
  const { db, outbox, config } = ctx;
  const found = await repo.findProvider(db, resident.locationId, providerId);
  if (!found) throw notFound();
  if (!found.allow_form_contact) {
    throw new ApiError(400, { detail: 'Dieser Anbieter nimmt keine Anfragen über das Formular entgegen.' });
  }
  // Each request mails an address outside the building: a budget per resident (ADR 008).
  await ctx.writes.take('providerRequest', resident.id);
  const trimmed = text.trim();
  const id = await inTransaction(db, async (trx) => {
    const requestId = await repo.createProviderRequest(trx, {
      providerId: found.id,
      userId: resident.id,
      locationId: resident.locationId,
      text: trimmed,
      createdAt: nowIso(),
    });
    const location = await repo.findLocationContact(trx, resident.locationId);
    const to = found.email || location.email;
    if (to)
      await outbox.enqueue(providerRequestMail(config.appName, to, found, resident, location, trimmed), {
        kind: 'provider_request',
        locationId: resident.locationId,
        trx,
      });
    await recordChange(trx, {
      actor: resident,
      action: 'provider_request',
      entity: { type: 'provider', id: found.id, locationId: resident.locationId },
      details: { request_id: requestId },
    });
    return requestId;
  });
  outbox.kick();
  return id;
}

/**
 * A service the staff member may change: one of their locations', or a global one for an admin.
 * A manager gets 404 for global services here, though the lists show them.
 */
async function writableService(ctx: AppContext, caller: Caller, id: number) {
  const row = await repo.findAdminService(ctx.db, id);
  if (!row) throw notFound();
  if (row.location_id === null) {
    // A manager reads a global service (GET answers 200), so a 404 here would contradict it:
    // say why it may not be changed.
    if (caller.role !== 'admin')
      throw new ApiError(403, {
        detail:
          'Dienste für alle Standorte kann nur die Administration ändern. Anbieter an Ihren Standorten können Sie bearbeiten.',
      });
  } else {
    await requireStaffLocation(ctx.db, caller, row.location_id);
  }
  return row;
}

/** Where a service may be written to: a global one only by an admin, a location only the caller's. */
async function requireServiceTarget(ctx: AppContext, caller: Caller, locationId: number | null) {
  if (locationId === null) {
    if (caller.role !== 'admin') throw fieldError('location_id', ONLY_ADMIN_GLOBAL);
  } else {
    await requireStaffLocation(ctx.db, caller, locationId);
  }
}

const serviceInput = (b: AdminServiceInput, storedTranslations?: string) => ({
  locationId: b.location_id,
  title: b.title,
  icon: b.icon,
  contactText: b.contact_text,
  sortOrder: b.sort_order,
  translations: storeTranslations(b.translations, storedTranslations),
});

/** A service as staff may read it: a global one, or one of their locations'; else 404. */
export async function serviceInScope(ctx: AppContext, caller: Caller, id: number) {
  const row = await repo.findAdminService(ctx.db, id);
  if (!row) throw notFound();
  if (row.location_id !== null) await requireStaffLocation(ctx.db, caller, row.location_id);
  return row;
}

/** A manager adds a service to one of their locations; an admin also one for every location. */
export async function createService(ctx: AppContext, caller: Caller, b: AdminServiceInput) {
  await requireServiceTarget(ctx, caller, b.location_id);
  const row = await changeEntity(ctx.db, service, { actor: caller, action: 'service_created', before: null }, (trx) =>
    repo.createService(trx, serviceInput(b)),
  );
  return row!;
}

/** Staff change a service (also the system services 1 and 3, which stay global), or move it. */
export async function updateService(ctx: AppContext, caller: Caller, id: number, b: AdminServiceInput) {
  const before = await writableService(ctx, caller, id);
  // The home tiles and the reception page of every location point at the system services.
  if (isSystemService(before) && b.location_id !== null)
    throw fieldError('location_id', 'Systemdienste gelten für alle Standorte.');
  if (b.location_id !== before.location_id) {
    await requireServiceTarget(ctx, caller, b.location_id);
    if (await repo.serviceUsedOutside(ctx.db, before.id, b.location_id)) {
      throw fieldError(
        'location_id',
        'Der Dienst wird an einem anderen Standort noch verwendet (Anbieter oder Standarddienst des Notrufs).',
      );
    }
  }
  const after = await changeEntity(ctx.db, service, { actor: caller, action: 'service_updated', before }, (trx) =>
    repo.updateService(trx, before.id, serviceInput(b, before.translations)),
  );
  return after!;
}

/** Staff delete a service with its providers; not a system service, nor a location's emergency default. */
export async function deleteService(ctx: AppContext, caller: Caller, id: number): Promise<void> {
  const before = await writableService(ctx, caller, id);
  if (isSystemService(before)) throw new ApiError(400, { detail: 'Systemdienste können nicht gelöscht werden.' });
  if (await repo.isDefaultService(ctx.db, before.id)) {
    throw new ApiError(400, {
      detail:
        'Dieser Dienst ist der Standarddienst des Notrufs eines Standorts. Bitte wählen Sie dort zuerst einen anderen.',
    });
  }
  await changeEntity(ctx.db, service, { actor: caller, action: 'service_deleted', before }, (trx) =>
    repo.deleteService(trx, before.id),
  );
}

/** A provider of the staff member's locations, or 404. */
export async function providerInScope(ctx: AppContext, caller: Caller, id: number) {
  return inStaffScope(ctx.db, caller, await repo.findAdminProvider(ctx.db, id));
}

/** The location must be the caller's and the service one its residents see. */
async function checkProviderTarget(ctx: AppContext, caller: Caller, b: AdminProviderInput) {
  await requireStaffLocation(ctx.db, caller, b.location_id);
  if (!(await repo.findService(ctx.db, b.location_id, b.service_id))) throw fieldError('service_id', NOT_AT_LOCATION);
  if (b.category_ids) {
    const known = new Set(await repo.categoriesAt(ctx.db, b.location_id, b.category_ids));
    if (b.category_ids.some((id) => !known.has(id)))
      throw fieldError('category_ids', 'Diese Kategorie gibt es an diesem Standort nicht.');
  }
}

const providerInput = (b: AdminProviderInput): repo.ProviderInput => ({
  serviceId: b.service_id,
  locationId: b.location_id,
  name: b.name,
  phone: b.phone,
  hidePhone: b.hide_phone,
  text: b.text,
  contact: b.contact,
  hours: b.hours,
  email: b.email,
  website: b.website,
  allowFormContact: b.allow_form_contact,
  placeholder: b.placeholder,
});

/** A manager adds a provider of a service at one of their locations. */
export async function createProvider(ctx: AppContext, caller: Caller, b: AdminProviderInput) {
  await checkProviderTarget(ctx, caller, b);
  const row = await changeEntity(
    ctx.db,
    provider,
    { actor: caller, action: 'provider_created', before: null },
    async (trx) => {
      const id = await repo.createProvider(trx, providerInput(b));
      if (b.category_ids) await repo.replaceTrades(trx, id, b.category_ids);
      return id;
    },
  );
  return row!;
}

/** A manager changes a provider (also its service or location, both within their reach). */
export async function updateProvider(ctx: AppContext, caller: Caller, id: number, b: AdminProviderInput) {
  const before = await providerInScope(ctx, caller, id);
  await checkProviderTarget(ctx, caller, b);
  const after = await changeEntity(
    ctx.db,
    provider,
    { actor: caller, action: 'provider_updated', before },
    async (trx) => {
      await repo.updateProvider(trx, before.id, providerInput(b));
      // Trades name categories of the location: a provider moved elsewhere keeps none of the old ones.
      if (b.category_ids) await repo.replaceTrades(trx, before.id, b.category_ids);
      else if (b.location_id !== before.location_id) await repo.replaceTrades(trx, before.id, []);
    },
  );
  return after!;
}

/** A manager deletes a provider, with the requests sent to it. */
export async function deleteProvider(ctx: AppContext, caller: Caller, id: number): Promise<void> {
  const before = await providerInScope(ctx, caller, id);
  await changeEntity(ctx.db, provider, { actor: caller, action: 'provider_deleted', before }, (trx) =>
    repo.deleteProvider(trx, before.id),
  );
}
