import {
  BOOKING_BEYOND_HORIZON,
  BOOKING_BLOCKED,
  BOOKING_DEADLINE_PASSED,
  BOOKING_IN_PAST,
  BOOKING_NOT_ACTIVE,
  BOOKING_NOT_ON_GRID,
  BOOKING_NOT_PENDING,
  BOOKING_QUOTA,
  BOOKING_TAKEN,
  BOOKING_TOO_LONG,
  type bookingBlockInput,
  type bookingCreate,
  type BookingResourceInput,
} from '@hausportal/contract';
import { storeTranslations } from '../../lib/translations.js';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { inTransaction, isUniqueViolation, lockByName, type DB } from '../../db/database.js';
import { recordChange } from '../audit/audit.js';
import { ApiError, fieldError, notFound } from '../../lib/errors.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { staffLocations, type Caller, type Resident } from '../auth/policies.js';
import { raise } from '../../events/bus.js';
import { bookingsCalendar } from './bookings.calendar.js';
import type { BookingDetails } from './bookings.events.js';
import { cancellableUntil, resourceSnapshot } from './bookings.presenter.js';
import * as repo from './bookings.repository.js';
import type { BookingRow, ResourceRow } from './bookings.repository.js';
import {
  addDays,
  berlinDate,
  berlinInstant,
  daysBetween,
  describePeriod,
  periodOf,
  slotKey,
  slotsOfDay,
} from './bookings.time.js';

const conflict = (detail: string) => new ApiError(409, { detail });
const iso = (ms: number) => new Date(ms).toISOString();

// ---- residents ----

/** A live resource of the resident's location; else 404. */
export async function residentResource(db: DB, me: Resident, id: number): Promise<ResourceRow> {
  const r = await repo.findResource(db, id, [me.locationId]);
  if (!r) throw notFound();
  return r;
}

type CreateInput = z.output<typeof bookingCreate>;

/** The period asked for, checked against the resource's grid: its instants and slot keys. */
function periodOf_(r: ResourceRow, v: CreateInput, now: number) {
  if (r.mode === 'days') {
    if (!v.check_in) throw fieldError('check_in', 'Bitte den Anreisetag angeben.');
    if (!v.check_out) throw fieldError('check_out', 'Bitte den Abreisetag angeben.');
    const nights = daysBetween(v.check_in, v.check_out);
    if (nights < 1) throw fieldError('check_out', 'Der Abreisetag muss nach dem Anreisetag liegen.');
    if (v.check_in < berlinDate(now)) throw fieldError('check_in', BOOKING_IN_PAST);
    if (daysBetween(berlinDate(now), v.check_in) > r.horizon_days)
      throw fieldError('check_in', BOOKING_BEYOND_HORIZON(r.horizon_days));
    if (nights > r.max_length) throw fieldError('check_out', BOOKING_TOO_LONG(r.max_length, 'days'));
    return {
      start: berlinInstant(v.check_in, 0),
      end: berlinInstant(v.check_out, 0),
      keys: Array.from({ length: nights }, (_, i) => addDays(v.check_in!, i)),
      checkIn: v.check_in,
      checkOut: v.check_out,
    };
  }
  if (!v.starts_at) throw fieldError('starts_at', 'Bitte den Beginn angeben.');
  if (!v.ends_at) throw fieldError('ends_at', 'Bitte das Ende angeben.');
  const s = Date.parse(v.starts_at);
  const e = Date.parse(v.ends_at);
  const grid = slotsOfDay(berlinDate(s), r);
  const first = grid.findIndex((g) => g.start === s);
  const last = grid.findIndex((g) => g.end === e);
  if (first < 0 || last < first) throw fieldError('starts_at', BOOKING_NOT_ON_GRID);
  if (s < now) throw fieldError('starts_at', BOOKING_IN_PAST);
  if (daysBetween(berlinDate(now), berlinDate(s)) > r.horizon_days)
    throw fieldError('starts_at', BOOKING_BEYOND_HORIZON(r.horizon_days));
  if (last - first + 1 > r.max_length) throw fieldError('ends_at', BOOKING_TOO_LONG(r.max_length, 'slots'));
  return {
    start: s,
    end: e,
    keys: grid.slice(first, last + 1).map((g) => slotKey(g.start)),
    checkIn: null,
    checkOut: null,
  };
}

/**
 * A resident books a resource of their location. The rules (grid, past, horizon, length, blocked
 * periods) are checked first, the household's quota inside the transaction; the database then
 * decides the race: the booking's slot rows are unique per resource, so of two bookings of one
 * slot exactly one commits, and the other gets a 409 naming the booking it ran into.
 */
export async function book(ctx: AppContext, me: Resident, v: CreateInput, now = Date.now()): Promise<BookingRow> {
  const { db } = ctx;
  const r = await residentResource(db, me, v.resource_id);
  const p = periodOf_(r, v, now);
  const startsAt = iso(p.start);
  const endsAt = iso(p.end);
  const blocks = await repo.blocksOf(db, [r.id], startsAt, endsAt);
  if (blocks.length) {
    const b = blocks[0]!;
    throw conflict(BOOKING_BLOCKED(describePeriod('slots', b.starts_at, b.ends_at), b.reason));
  }
  await ctx.writes.take('booking', me.id);
  let id: number;
  try {
    id = await inTransaction(db, async (trx) => {
      await withinQuota(trx, r, me, p.start);
      const bookingId = await repo.insertBooking(
        trx,
        {
          resource_id: r.id,
          location_id: r.location_id,
          user_id: me.id,
          apartment_number: me.apartmentNumber,
          starts_at: startsAt,
          ends_at: endsAt,
          check_in: p.checkIn,
          check_out: p.checkOut,
          status: r.approval_required ? 'pending' : 'approved',
          note: v.note,
        },
        p.keys,
      );
      const details = detailsOf(ctx, r, (await repo.findBooking(trx, bookingId))!);
      await raise(trx, ctx, {
        type: 'booking.created',
        bookingId,
        locationId: r.location_id,
        userId: me.id,
        period: { resource: r.name, translations: r.translations, mode: r.mode, startsAt, endsAt },
        news: r.approval_required ? { event: 'requested', details } : { event: 'booked', details },
      });
      return bookingId;
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const clash = await repo.clashingBooking(db, r.id, p.keys);
    throw conflict(BOOKING_TAKEN(describePeriod(r.mode, clash?.starts_at ?? startsAt, clash?.ends_at ?? endsAt)));
  }
  ctx.events.kick();
  return (await repo.findBooking(db, id))!;
}

/**
 * The household's quota (active bookings of the resource in the Berlin week or month of `start`),
 * counted inside the booking's transaction after taking the household's lock for this resource:
 * two bookings of one household at once are counted one after the other, so neither exceeds the
 * quota (ADR 029). The lock comes first in the transaction (lockByName); on SQLite the
 * transaction's write lock already serialises them.
 */
async function withinQuota(trx: DB, r: ResourceRow, me: Resident, start: number): Promise<void> {
  if (r.quota_count === null) return;
  await lockByName(trx, `booking-quota:${r.id}:${me.locationId}:${me.apartmentNumber}`);
  const { from, to } = periodOf(start, r.quota_period);
  const n = await repo.householdCount(trx, r.id, me.locationId, me.apartmentNumber, from, to);
  if (n >= r.quota_count) throw fieldError('non_field_errors', BOOKING_QUOTA(n, r.quota_period));
}

/** A booking as its news names it (bookings.events.ts writes the texts in the resident's language). */
const bookedPeriod = (b: BookingRow) => ({
  resource: b.resource_name,
  translations: b.resource_translations,
  mode: b.mode,
  startsAt: b.starts_at,
  endsAt: b.ends_at,
});

/** One of the resident's own bookings; else 404. */
export async function ownBooking(db: DB, me: Resident, id: number): Promise<BookingRow> {
  const b = await repo.findBooking(db, id);
  if (!b || b.user_id !== me.id) throw notFound();
  return b;
}

/** A resident cancels their booking, until the resource's deadline; afterwards 409. */
export async function cancelOwn(ctx: AppContext, me: Resident, id: number, now = Date.now()): Promise<BookingRow> {
  const b = await ownBooking(ctx.db, me, id);
  if (b.status !== 'pending' && b.status !== 'approved') throw conflict(BOOKING_NOT_ACTIVE);
  if (now > cancellableUntil(b)) throw conflict(BOOKING_DEADLINE_PASSED(b.cancel_hours));
  const done = await inTransaction(ctx.db, async (trx) => {
    if (!(await repo.setStatus(trx, b.id, ['pending', 'approved'], 'cancelled'))) return false;
    await raise(trx, ctx, {
      type: 'booking.cancelled',
      bookingId: b.id,
      locationId: b.location_id,
      by: 'resident',
      message: '',
      userId: b.user_id,
      period: bookedPeriod(b),
    });
    return true;
  });
  if (!done) throw conflict(BOOKING_NOT_ACTIVE);
  ctx.events.kick();
  return (await repo.findBooking(ctx.db, b.id))!;
}

const host = (ctx: AppContext) => new URL(ctx.config.publicUrl).host;

/**
 * What a booking's mail tells besides its period: the resource's fee (and a stay's nights, for
 * its total), the deadline to cancel, and, once the booking holds, the booking as an .ics file.
 */
function detailsOf(
  ctx: AppContext,
  r: Pick<ResourceRow, 'fee_text' | 'price_per_night_cents' | 'mode'>,
  b: BookingRow,
): BookingDetails {
  return {
    feeText: r.fee_text,
    pricePerNightCents: r.mode === 'days' ? r.price_per_night_cents : null,
    nights: b.mode === 'days' && b.check_in && b.check_out ? daysBetween(b.check_in, b.check_out) : null,
    cancelBy: iso(cancellableUntil(b)),
    calendar:
      b.status === 'approved'
        ? { filename: `Buchung-${b.id}.ics`, content: bookingsCalendar([b], host(ctx), 'Buchung') }
        : null,
  };
}

/** The .ics of one of the resident's bookings. */
export async function bookingIcs(ctx: AppContext, me: Resident, id: number): Promise<string> {
  return bookingsCalendar([await ownBooking(ctx.db, me, id)], host(ctx), 'Buchung');
}

/** Where a feed token is read: the secret address the resident gives their calendar app. */
export const feedUrl = (ctx: AppContext, token: string) => `${ctx.config.publicUrl}/api/bookings/calendar/${token}.ics`;

/** A new secret feed address; the old one stops working. Only the token's hash is stored. */
export async function renewFeed(ctx: AppContext, me: Resident): Promise<{ url: string; created_at: string }> {
  const token = newToken();
  const created_at = await inTransaction(ctx.db, (trx) => repo.storeFeed(trx, me.id, hashToken(token)));
  return { url: feedUrl(ctx, token), created_at };
}

/** The feed of a token: the owner's active and recent bookings, or 404 for an unknown or revoked token. */
export async function feedCalendar(ctx: AppContext, token: string): Promise<string> {
  const owner = /^[A-Za-z0-9_-]{20,200}$/.test(token) ? await repo.feedOwner(ctx.db, hashToken(token)) : undefined;
  if (!owner) throw notFound();
  const rows = (await repo.allUserBookings(ctx.db, owner.id)).filter(
    (b) => b.status === 'approved' || b.status === 'pending',
  );
  return bookingsCalendar(rows, host(ctx));
}

// ---- managers ----

async function managedResource(db: DB, caller: Caller, id: number): Promise<ResourceRow> {
  const r = await repo.findResource(db, id, await staffLocations(db, caller));
  if (!r) throw notFound();
  return r;
}

export async function createResource(ctx: AppContext, caller: Caller, v: BookingResourceInput): Promise<ResourceRow> {
  if (!(await staffLocations(ctx.db, caller)).includes(v.location_id)) throw notFound();
  return inTransaction(ctx.db, async (trx) => {
    const id = await repo.createResource(trx, { ...v, translations: storeTranslations(v.translations) });
    const row = (await repo.findResource(trx, id, [v.location_id]))!;
    await recordChange(trx, {
      actor: caller,
      action: 'booking_resource_created',
      entity: { type: 'booking_resource', id, locationId: v.location_id },
      after: resourceSnapshot(row),
    });
    return row;
  });
}

export async function updateResource(
  ctx: AppContext,
  caller: Caller,
  id: number,
  v: BookingResourceInput,
): Promise<ResourceRow> {
  const before = await managedResource(ctx.db, caller, id);
  if (v.location_id !== before.location_id)
    throw fieldError('location_id', 'Der Standort einer Ressource kann nicht geändert werden.');
  return inTransaction(ctx.db, async (trx) => {
    await repo.updateResource(trx, id, { ...v, translations: storeTranslations(v.translations, before.translations) });
    const row = (await repo.findResource(trx, id, [before.location_id]))!;
    await recordChange(trx, {
      actor: caller,
      action: 'booking_resource_updated',
      entity: { type: 'booking_resource', id, locationId: before.location_id },
      before: resourceSnapshot(before),
      after: resourceSnapshot(row),
    });
    return row;
  });
}

/** Archives a resource: residents no longer see it; its bookings stay for the figures. */
export async function archiveResource(ctx: AppContext, caller: Caller, id: number): Promise<void> {
  const before = await managedResource(ctx.db, caller, id);
  await inTransaction(ctx.db, async (trx) => {
    await repo.archiveResource(trx, id);
    await recordChange(trx, {
      actor: caller,
      action: 'booking_resource_archived',
      entity: { type: 'booking_resource', id, locationId: before.location_id },
      before: resourceSnapshot(before),
    });
  });
}

export { managedResource };

async function cancelByManager(
  trx: DB,
  ctx: AppContext,
  caller: Caller,
  b: BookingRow,
  message: string,
): Promise<boolean> {
  if (!(await repo.setStatus(trx, b.id, ['pending', 'approved'], 'cancelled', { reason: message, by: caller.id })))
    return false;
  await recordChange(trx, {
    actor: caller,
    action: 'booking_cancelled',
    entity: { type: 'booking', id: b.id, locationId: b.location_id },
    details: { message },
  });
  await raise(trx, ctx, {
    type: 'booking.cancelled',
    bookingId: b.id,
    locationId: b.location_id,
    by: 'management',
    message,
    userId: b.user_id,
    period: bookedPeriod(b),
  });
  return true;
}

/**
 * A manager blocks a period (maintenance); active bookings in it are cancelled, and their
 * residents hear why.
 */
export async function blockPeriod(
  ctx: AppContext,
  caller: Caller,
  id: number,
  v: z.output<typeof bookingBlockInput>,
): Promise<ResourceRow> {
  const r = await managedResource(ctx.db, caller, id);
  const startsAt = iso(Date.parse(v.starts_at));
  const endsAt = iso(Date.parse(v.ends_at));
  await inTransaction(ctx.db, async (trx) => {
    const blockId = await repo.addBlock(trx, {
      resource_id: r.id,
      starts_at: startsAt,
      ends_at: endsAt,
      reason: v.reason,
      created_by: caller.id,
    });
    await recordChange(trx, {
      actor: caller,
      action: 'booking_block_created',
      entity: { type: 'booking_resource', id: r.id, locationId: r.location_id },
      details: { block_id: blockId, starts_at: startsAt, ends_at: endsAt, reason: v.reason },
    });
    for (const { id: bookingId } of await repo.activeIdsIn(trx, r.id, startsAt, endsAt)) {
      const b = (await repo.findBooking(trx, bookingId))!;
      await cancelByManager(trx, ctx, caller, b, v.reason ? `Grund: ${v.reason}` : '');
    }
  });
  ctx.events.kick();
  return r;
}

export async function unblockPeriod(ctx: AppContext, caller: Caller, id: number, blockId: number): Promise<void> {
  const r = await managedResource(ctx.db, caller, id);
  await inTransaction(ctx.db, async (trx) => {
    if (!(await repo.removeBlock(trx, r.id, blockId))) throw notFound();
    await recordChange(trx, {
      actor: caller,
      action: 'booking_block_removed',
      entity: { type: 'booking_resource', id: r.id, locationId: r.location_id },
      details: { block_id: blockId },
    });
  });
}

async function managedBooking(db: DB, caller: Caller, id: number) {
  const b = await repo.findAdminBooking(db, id, await staffLocations(db, caller));
  if (!b) throw notFound();
  return b;
}

/** A manager approves or refuses (with a reason) a booking waiting for approval. */
export async function decideBooking(
  ctx: AppContext,
  caller: Caller,
  id: number,
  decision: 'approved' | 'refused',
  reason: string,
) {
  const b = await managedBooking(ctx.db, caller, id);
  await inTransaction(ctx.db, async (trx) => {
    if (!(await repo.setStatus(trx, b.id, ['pending'], decision, { reason, by: caller.id })))
      throw conflict(BOOKING_NOT_PENDING);
    await recordChange(trx, {
      actor: caller,
      action: decision === 'approved' ? 'booking_approved' : 'booking_refused',
      entity: { type: 'booking', id: b.id, locationId: b.location_id },
      details: { reason },
    });
    if (!b.user_id) return;
    // An archived resource keeps its bookings; the mail then names no fee.
    const r = await repo.findResource(trx, b.resource_id, [b.location_id]);
    const details =
      decision === 'approved'
        ? detailsOf(ctx, r ?? { fee_text: '', price_per_night_cents: null, mode: b.mode }, { ...b, status: decision })
        : null;
    await raise(trx, ctx, {
      type: 'booking.decided',
      userId: b.user_id,
      period: bookedPeriod(b),
      decision,
      reason,
      details,
    });
  });
  ctx.events.kick();
  return managedBooking(ctx.db, caller, id);
}

/** A manager cancels a booking with a message to the resident. */
export async function cancelBooking(ctx: AppContext, caller: Caller, id: number, message: string) {
  const b = await managedBooking(ctx.db, caller, id);
  const done = await inTransaction(ctx.db, (trx) => cancelByManager(trx, ctx, caller, b, message));
  if (!done) throw conflict(BOOKING_NOT_ACTIVE);
  ctx.events.kick();
  return managedBooking(ctx.db, caller, id);
}

/** Approved bookings per resource in a Berlin month: count, hours and households. */
export async function usageOf(ctx: AppContext, caller: Caller, month: string) {
  const mine = await staffLocations(ctx.db, caller);
  const from = iso(berlinInstant(`${month}-01`, 0));
  const to = periodOf(Date.parse(from) + 86_400_000, 'month').to;
  const [resources, rows] = await Promise.all([
    repo.listResources(ctx.db, mine),
    repo.usageRows(ctx.db, mine, from, to),
  ]);
  return {
    month,
    resources: resources.map((r) => {
      const own = rows.filter((b) => b.resource_id === r.id);
      return {
        resource_id: r.id,
        name: r.name,
        location_id: r.location_id,
        bookings: own.length,
        hours: Math.round(own.reduce((h, b) => h + (Date.parse(b.ends_at) - Date.parse(b.starts_at)) / 3_600_000, 0)),
        households: new Set(own.map((b) => b.apartment_number)).size,
      };
    }),
  };
}

// ---- the reminder job ----

/** Reminds of every approved booking starting within the next 24 hours, once (compare-and-set). */
export async function sendDueReminders(ctx: AppContext, now = Date.now()): Promise<number> {
  let sent = 0;
  for (const { id } of await repo.dueReminders(ctx.db, iso(now), iso(now + 86_400_000))) {
    const did = await inTransaction(ctx.db, async (trx) => {
      if (!(await repo.claimReminder(trx, id))) return false;
      const b = (await repo.findBooking(trx, id))!;
      if (b.user_id) await raise(trx, ctx, { type: 'booking.reminder', userId: b.user_id, period: bookedPeriod(b) });
      return true;
    });
    if (did) sent++;
  }
  if (sent) ctx.events.kick();
  return sent;
}
