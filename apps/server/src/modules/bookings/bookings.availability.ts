import type { Availability } from '@hausportal/contract';
import type { DB } from '../../db/database.js';
import { BoundedMap } from '../../lib/bounded-map.js';
import { notFound } from '../../lib/errors.js';
import type { Resident } from '../auth/policies.js';
import * as repo from './bookings.repository.js';
import type { ResourceRow } from './bookings.repository.js';
import { addDays, berlinDate, berlinInstant, slotsOfDay } from './bookings.time.js';

// The day and week view (a week of 1,000 bookings with p99 under 20 ms). Each process
// keeps, per resource and window, the answer as everyone sees it (free, taken, blocked), as JSON
// text per day, with where each slot's state stands in it. A request reads the resource and the
// window's signature in one statement (findResourceInWindow); only when the signature changed are
// the bookings and blocks read again. What differs per viewer and moment, 'mine' and 'past', is written over the
// kept text at those slots. No invalidation passes between processes: a booking, cancellation or
// block anywhere changes the signature every process reads.

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
type SlotState = Availability['days'][number]['slots'][number]['state'];

/** A slot of a day's grid: its start, its bounds as ISO text, and its JSON up to the state's value. */
interface GridSlot {
  start: number;
  startsAt: string;
  endsAt: string;
  head: string;
}

/**
 * Day grids by layout and Berlin date. A grid depends on nothing else, so all resources with that
 * layout share it; laying it out (time zone conversions, ISO text) costs more than the rest of a
 * rebuild. 512 days of a 10-minute grid are about 20 MB.
 */
const grids = new BoundedMap<string, GridSlot[]>(512);

const layoutOf = (r: ResourceRow) => (r.mode === 'days' ? 'days' : `${r.slot_minutes}|${r.day_start}|${r.day_end}`);

function gridOf(r: ResourceRow, date: string): GridSlot[] {
  const key = `${layoutOf(r)}|${date}`;
  let grid = grids.get(key);
  if (!grid) {
    const slots =
      r.mode === 'slots'
        ? slotsOfDay(date, r)
        : [{ start: berlinInstant(date, 0), end: berlinInstant(addDays(date, 1), 0) }];
    grid = slots.map(({ start, end }) => {
      const startsAt = iso(start);
      const endsAt = iso(end);
      return { start, startsAt, endsAt, head: `{"starts_at":"${startsAt}","ends_at":"${endsAt}","state":"` };
    });
    grids.set(key, grid);
  }
  return grid;
}

/**
 * A window's Berlin dates, its bounds as UTC text, and the range of slot keys it covers: from its
 * first instant to the date after it, which holds a slot resource's keys (UTC instants, the first
 * at the previous date's 22:00 or 23:00) and a day resource's (Berlin dates) alike, and the next
 * day's first hour or two of UTC instants besides, which only makes the signature more watchful.
 */
interface Window {
  dates: string[];
  from: string;
  to: string;
  fromKey: string;
  toKey: string;
}
const windows = new BoundedMap<string, Window>(512);

function windowOf(from: string, days: number): Window {
  const key = `${from}|${days}`;
  let w = windows.get(key);
  if (!w) {
    const dates = Array.from({ length: days }, (_, i) => addDays(from, i));
    const after = addDays(from, days);
    const bounds = { from: iso(berlinInstant(from, 0)), to: iso(berlinInstant(after, 0)) };
    w = { dates, ...bounds, fromKey: bounds.from, toKey: after };
    windows.set(key, w);
  }
  return w;
}

/** A slot as everyone sees it: where its state's value starts in the day's text, and whose booking holds it. */
interface KeptSlot {
  start: number;
  at: number;
  state: 'free' | 'taken' | 'blocked';
  owner: number | null | undefined;
}

/** A window's answer as everyone sees it, valid while the signature it was built at is current. */
interface KeptWindow {
  signature: string;
  days: { json: string; slots: KeptSlot[] }[];
}

/** Per database (tests run several in one process), by resource, layout and window; 100 weeks of 1,000 slots are about 20 MB. */
const kept = new WeakMap<DB, BoundedMap<string, KeptWindow>>();

/**
 * The first of `list` (sorted by start) that overlaps a slot, for slots asked in order. Bounds
 * are compared as text: bookings and blocks are stored as `toISOString()` (UTC, milliseconds, Z),
 * whose order is the order in time, which saves parsing two dates per row.
 */
function cursor<T extends { starts_at: string; ends_at: string }>(list: readonly T[]) {
  let i = 0;
  return (start: string, end: string): T | undefined => {
    while (i < list.length && list[i]!.ends_at <= start) i++;
    for (let j = i; j < list.length && list[j]!.starts_at < end; j++) if (list[j]!.ends_at > start) return list[j];
    return undefined;
  };
}

async function keptWindow(db: DB, r: ResourceRow, w: Window, signature: string): Promise<KeptWindow> {
  let cache = kept.get(db);
  if (!cache) kept.set(db, (cache = new BoundedMap(100)));
  const key = `${r.id}|${layoutOf(r)}|${w.dates[0]}|${w.dates.length}`;
  // The signature was read before the rows: a change in between leaves a newer answer under an
  // older signature, which the next request replaces.
  const found = cache.get(key);
  if (found?.signature === signature) return found;
  // A slot booking lies within one day; a stay is at most 60 nights (the contract's limit).
  const startsAfter = iso(Date.parse(w.from) - (r.mode === 'slots' ? 2 : 62) * DAY_MS);
  const [bookings, blocks] = await Promise.all([
    repo.activeBookingsIn(db, r.id, w.from, w.to, startsAfter),
    repo.blocksOf(db, [r.id], w.from, w.to),
  ]);
  const takenAt = cursor(bookings);
  const blockedAt = cursor(blocks);
  const days = w.dates.map((date) => {
    let json = `{"date":"${date}","slots":[`;
    const slots = gridOf(r, date).map((g, i): KeptSlot => {
      const hit = takenAt(g.startsAt, g.endsAt);
      const state = blockedAt(g.startsAt, g.endsAt) ? 'blocked' : hit ? 'taken' : 'free';
      json += `${i ? ',' : ''}${g.head}`;
      const at = json.length;
      json += `${state}"}`;
      return { start: g.start, at, state, owner: hit?.user_id };
    });
    return { json: `${json}]}`, slots };
  });
  const built = { signature, days };
  cache.set(key, built);
  return built;
}

/** A kept day as `userId` sees it at a moment: their bookings 'mine', free slots starting before `pastBefore` 'past'. */
function dayFor(day: KeptWindow['days'][number], userId: number, pastBefore: number): string {
  let out = '';
  let pos = 0;
  for (const s of day.slots) {
    let state: SlotState;
    if (s.state === 'taken' && s.owner === userId) state = 'mine';
    else if (s.state === 'free' && s.start < pastBefore) state = 'past';
    else continue;
    out += day.json.slice(pos, s.at) + state;
    pos = s.at + s.state.length;
  }
  return pos === 0 ? day.json : out + day.json.slice(pos);
}

/**
 * Free, taken, blocked and past slots (slot mode) or days (day mode) of a resource for `days`
 * Berlin days from `from`, as the JSON text of `Availability`. 'mine' marks the caller's own
 * bookings; nobody else's is named.
 */
export async function availabilityJson(
  db: DB,
  me: Resident,
  id: number,
  from: string,
  days: number,
  now = Date.now(),
): Promise<string> {
  const w = windowOf(from, days);
  const found = await repo.findResourceInWindow(db, id, me.locationId, w);
  if (!found) throw notFound();
  const r = found.resource;
  const view = await keptWindow(db, r, w, found.signature);
  // A slot is past once it started; a day once it is over (before today's midnight).
  const pastBefore = r.mode === 'slots' ? now : berlinInstant(berlinDate(now), 0);
  const parts = view.days.map((day) => dayFor(day, me.id, pastBefore));
  return `{"resource_id":${r.id},"mode":"${r.mode}","days":[${parts.join(',')}]}`;
}
