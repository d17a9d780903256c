import type { AppContext } from '../../context.js';
import { inTransaction, type DB } from '../../db/database.js';
import { recordChange } from '../audit/audit.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { baseName, checkUpload, imageSize, thumbnail, type FormFile } from '../../lib/uploads.js';
import type { Caller } from '../auth/policies.js';
import { managedResource } from './bookings.actions.js';
import * as files from './bookings.files.repository.js';
import { findResource, type ResourceRow } from './bookings.repository.js';

// A resource's photo and house rules as a PDF. They show a shared room and its rules to
// the residents of its location: no personal data, so the data export and erasure leave them alone.

/** The multipart field both uploads read. */
export const RESOURCE_FILE_FIELD = 'file';
const BUSY = 'Die Datei wurde gerade von jemand anderem geändert. Bitte versuchen Sie es noch einmal.';

/** One of the two files a resource may have, as its columns and its audit entries see it. */
interface FileSlot<C> {
  /** The audit actions are `booking_resource_<name>_updated` and `…_removed`. */
  name: 'photo' | 'house_rules';
  key: (r: ResourceRow) => string | null;
  /** Every stored file of the slot (the photo has a thumbnail). */
  stored: (r: ResourceRow) => (string | null)[];
  swap: (trx: DB, id: number, expected: string | null, next: C) => Promise<boolean>;
  empty: C;
  /** What the audit log keeps of it. */
  view: (r: ResourceRow) => unknown;
}

const PHOTO: FileSlot<files.PhotoColumns> = {
  name: 'photo',
  key: (r) => r.photo_key,
  stored: (r) => [r.photo_key, r.photo_thumbnail_key],
  swap: files.swapPhoto,
  empty: { photo_key: null, photo_thumbnail_key: null, photo_width: null, photo_height: null },
  view: (r) => (r.photo_key ? { width: r.photo_width, height: r.photo_height } : null),
};

const HOUSE_RULES: FileSlot<files.HouseRulesColumns> = {
  name: 'house_rules',
  key: (r) => r.house_rules_key,
  stored: (r) => [r.house_rules_key],
  swap: files.swapHouseRules,
  empty: { house_rules_key: null, house_rules_name: null, house_rules_size: null },
  view: (r) => (r.house_rules_key ? { name: r.house_rules_name, size: r.house_rules_size } : null),
};

async function removeAll(ctx: AppContext, keys: (string | null)[]): Promise<void> {
  await Promise.all(keys.map((k) => (k ? ctx.storage.remove(k).catch(() => undefined) : undefined)));
}

/**
 * Sets (or with `next` = the slot's empty columns, clears) a file of a resource: the columns
 * compare-and-set against the file read in the same transaction, with the audit entry; after the
 * commit the replaced files are removed, after a failure the new ones.
 */
async function setFile<C>(
  ctx: AppContext,
  caller: Caller,
  slot: FileSlot<C>,
  resource: ResourceRow,
  next: C,
  newKeys: string[],
): Promise<ResourceRow> {
  let result: { before: ResourceRow; after: ResourceRow };
  try {
    result = await inTransaction(ctx.db, async (trx) => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const before = await findResource(trx, resource.id, [resource.location_id]);
        if (!before) throw notFound();
        if (!newKeys.length && slot.key(before) === null) return { before, after: before };
        if (!(await slot.swap(trx, before.id, slot.key(before), next))) continue;
        const after = (await findResource(trx, before.id, [before.location_id]))!;
        await recordChange(trx, {
          actor: caller,
          action: `booking_resource_${slot.name}_${newKeys.length ? 'updated' : 'removed'}`,
          entity: { type: 'booking_resource', id: before.id, locationId: before.location_id },
          before: slot.view(before),
          after: slot.view(after),
        });
        return { before, after };
      }
      throw new ApiError(409, { detail: BUSY });
    });
  } catch (err) {
    await removeAll(ctx, newKeys);
    throw err;
  }
  if (result.before !== result.after) await removeAll(ctx, slot.stored(result.before));
  return result.after;
}

/** A resource of the manager's locations and its new file, checked by its magic bytes (the scope first, then the upload). */
async function managedUpload(
  ctx: AppContext,
  caller: Caller,
  id: number,
  read: () => Promise<FormFile>,
  kind: 'image' | 'pdf',
) {
  const resource = await managedResource(ctx.db, caller, id);
  const file = await read();
  return { resource, file, checked: await checkUpload(file.data, file.filename, RESOURCE_FILE_FIELD, [kind]) };
}

/** A manager sets a resource's photo: an image by its magic bytes, re-encoded without metadata, with a thumbnail. */
export async function replaceResourcePhoto(
  ctx: AppContext,
  caller: Caller,
  id: number,
  read: () => Promise<FormFile>,
): Promise<ResourceRow> {
  const { resource, checked } = await managedUpload(ctx, caller, id, read, 'image');
  const { width, height } = await imageSize(checked.data);
  const photo_key = await ctx.storage.put('bookings', checked.ext, checked.data);
  let photo_thumbnail_key: string;
  try {
    photo_thumbnail_key = await ctx.storage.put('thumbs', 'webp', await thumbnail(checked.data, 400));
  } catch (err) {
    await removeAll(ctx, [photo_key]);
    throw err;
  }
  const next = { photo_key, photo_thumbnail_key, photo_width: width, photo_height: height };
  return setFile(ctx, caller, PHOTO, resource, next, [photo_key, photo_thumbnail_key]);
}

export async function removeResourcePhoto(ctx: AppContext, caller: Caller, id: number): Promise<ResourceRow> {
  const resource = await managedResource(ctx.db, caller, id);
  return setFile(ctx, caller, PHOTO, resource, PHOTO.empty, []);
}

/** A manager sets a resource's house rules as a PDF (by its magic bytes), kept under the name it was uploaded as. */
export async function replaceHouseRules(
  ctx: AppContext,
  caller: Caller,
  id: number,
  read: () => Promise<FormFile>,
): Promise<ResourceRow> {
  const { resource, file, checked } = await managedUpload(ctx, caller, id, read, 'pdf');
  const house_rules_key = await ctx.storage.put('bookings', 'pdf', checked.data);
  const next = {
    house_rules_key,
    house_rules_name: baseName(file.filename),
    house_rules_size: checked.data.length,
  };
  return setFile(ctx, caller, HOUSE_RULES, resource, next, [house_rules_key]);
}

export async function removeHouseRules(ctx: AppContext, caller: Caller, id: number): Promise<ResourceRow> {
  const resource = await managedResource(ctx.db, caller, id);
  return setFile(ctx, caller, HOUSE_RULES, resource, HOUSE_RULES.empty, []);
}
