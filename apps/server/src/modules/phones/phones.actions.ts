import type { AdminPhoneInput } from '@hausportal/contract';
import { storeTranslations } from '../../lib/translations.js';
import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/database.js';
import { changeEntity, recordChange, type EntityKind } from '../audit/audit.js';
import { notFound } from '../../lib/errors.js';
import { inStaffScope, requireStaffLocation, type Caller } from '../auth/policies.js';
import { toAdminPhone } from './phones.presenter.js';
import * as repo from './phones.repository.js';

/** The repository's input from the form; `sortOrder` undefined keeps the place. */
const inputOf = (b: AdminPhoneInput, sortOrder: number | undefined, stored?: string): repo.PhoneInput => ({
  locationId: b.location_id,
  name: b.name,
  number: b.number,
  icon: b.icon,
  highlighted: b.highlighted,
  hidden: b.hidden,
  sortOrder,
  translations: storeTranslations(b.translations, stored),
});

const phone: EntityKind<repo.PhoneRow> = { type: 'phone', load: repo.findAdminPhone, view: toAdminPhone };

/** A phone number of the staff member's locations, or 404. */
export async function phoneInScope(ctx: AppContext, caller: Caller, id: number) {
  return inStaffScope(ctx.db, caller, await repo.findAdminPhone(ctx.db, id));
}

/** A manager adds a phone number to one of their locations (without sort_order: at the end). */
export async function createPhone(ctx: AppContext, caller: Caller, b: AdminPhoneInput) {
  await requireStaffLocation(ctx.db, caller, b.location_id);
  const created = await changeEntity(
    ctx.db,
    phone,
    { actor: caller, action: 'phone_created', before: null },
    async (trx) => repo.createPhone(trx, inputOf(b, b.sort_order ?? (await repo.nextSortOrder(trx, b.location_id)))),
  );
  return created!;
}

/** A manager changes a phone number, or moves it to another of their locations (then at its end). */
export async function updatePhone(ctx: AppContext, caller: Caller, id: number, b: AdminPhoneInput) {
  const before = await phoneInScope(ctx, caller, id);
  const moved = b.location_id !== before.location_id;
  // Moving a number is a write to the target location too, so it must be the caller's as well.
  if (moved) await requireStaffLocation(ctx.db, caller, b.location_id);
  const after = await changeEntity(
    ctx.db,
    phone,
    {
      actor: caller,
      action: 'phone_updated',
      before,
      details: moved ? { moved_from_location_id: before.location_id } : undefined,
    },
    async (trx) =>
      repo.updatePhone(
        trx,
        before.id,
        inputOf(
          b,
          b.sort_order ?? (moved ? await repo.nextSortOrder(trx, b.location_id) : undefined),
          before.translations,
        ),
      ),
  );
  return after!;
}

/** A manager deletes a phone number. */
export async function deletePhone(ctx: AppContext, caller: Caller, id: number): Promise<void> {
  const before = await phoneInScope(ctx, caller, id);
  await changeEntity(ctx.db, phone, { actor: caller, action: 'phone_deleted', before }, (trx) =>
    repo.deletePhone(trx, before.id),
  );
}

/**
 * A manager orders a location's phone numbers: `ids` first, in this order, the rest after them.
 * All or nothing: one id of another location (or none at all) and nothing moves (404).
 */
export async function orderPhones(ctx: AppContext, caller: Caller, locationId: number, ids: number[]) {
  await requireStaffLocation(ctx.db, caller, locationId);
  return inTransaction(ctx.db, async (trx) => {
    const current = await repo.phonesInOrder(trx, locationId);
    const known = new Set(current.map((p) => p.id));
    if (ids.some((id) => !known.has(id))) throw notFound();
    const listed = new Set(ids);
    const order = [...ids, ...current.map((p) => p.id).filter((id) => !listed.has(id))];
    await repo.setPhoneOrder(trx, locationId, order);
    await recordChange(trx, {
      actor: caller,
      action: 'phones_reordered',
      entity: { type: 'location', id: locationId, locationId },
      before: current.map((p) => p.id),
      after: order,
    });
    return repo.phonesInOrder(trx, locationId);
  });
}
