import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_KEY_PATTERN,
  MAX_REPORT_PHOTOS,
  MAX_TICKET_PHOTOS,
  OPEN_TICKET_STATUSES,
  TICKET_PHOTO_MAX_EDGE,
  type TicketScope,
} from '@hausportal/contract';
import type { AppContext } from '../../context.js';
import { inTransaction, isUniqueViolation, type DB } from '../../db/database.js';
import { recordChange } from '../audit/audit.js';
import { ApiError, fieldError, forbidden, nonFieldError, notFound, said } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { checkUpload, jpegPreview, thumbnail, type FormFile } from '../../lib/uploads.js';
import { findUserByLogin } from '../auth/auth.repository.js';
import { requireDesk, type Resident } from '../auth/policies.js';
import { raise } from '../../events/bus.js';
import { berlinYear, receiptMail, ticketNumber } from './tickets.presenter.js';
import { renderReceipt, type ReceiptContent } from './tickets.receipt.js';
import * as repo from './tickets.repository.js';
import { addEvent, changeStatus, type EventAuthor } from './tickets.timeline.js';

/** A report as the form (or the API) sends it. */
export interface ReportInput {
  category_id: number;
  scope: TicketScope;
  place: string;
  description: string;
  contact_consent: boolean;
  contact_phone: string;
  for_apartment: string;
}

const REPORT_TAKEN = 'Dieser Idempotency-Key gehört zu einer anderen Meldung.';
const KEY_MISSING =
  'Bitte senden Sie die Meldung mit einem Idempotency-Key (8 bis 100 Zeichen: A–Z, a–z, 0–9, - und _).';

/**
 * The fingerprint of a report as received: its fields and each photo's bytes as they arrived.
 * Canonical JSON with a fixed key order, so anyone can compute it again from the same report.
 */
export function reportHash(input: Omit<ReportInput, 'for_apartment'>, photos: FormFile[]): string {
  const canonical = JSON.stringify({
    category_id: input.category_id,
    scope: input.scope,
    place: input.place,
    description: input.description,
    contact_consent: input.contact_consent,
    contact_phone: input.contact_phone,
    photos: photos.map((p) => createHash('sha256').update(p.data).digest('hex')),
  });
  return createHash('sha256').update(canonical).digest('hex');
}

/** A ticket the caller may read: the reporter's, one they follow, or a building-wide one of their location; else 404. */
export async function ticketInReach(db: DB, resident: Resident, id: number) {
  const ticket = await repo.findTicket(db, id);
  if (!ticket || ticket.location_id !== resident.locationId) throw notFound();
  const relation = await repo.relationOf(db, ticket, resident.id);
  if (!relation) throw notFound();
  return { ticket, relation };
}

/** Checks and stores photos (type by magic bytes, re-encoded without metadata, ≤ 2560 px) with their thumbnails. */
export async function storePhotos(ctx: AppContext, files: FormFile[], field: string) {
  const stored: { file_key: string; thumbnail_key: string; preview: Buffer }[] = [];
  try {
    for (const f of files) {
      const checked = await checkUpload(f.data, f.filename, field, ['image'], undefined, TICKET_PHOTO_MAX_EDGE);
      const file_key = await ctx.storage.put('tickets', checked.ext, checked.data);
      const thumbnail_key = await ctx.storage.put('thumbs', 'webp', await thumbnail(checked.data, 400));
      stored.push({ file_key, thumbnail_key, preview: await jpegPreview(checked.data, 300) });
    }
  } catch (err) {
    await removeStored(ctx, stored);
    throw err;
  }
  return stored;
}

/** Removes stored photos again after the write they belonged to failed. */
export async function removeStored(ctx: AppContext, stored: { file_key: string; thumbnail_key: string }[]) {
  await Promise.all(
    stored.flatMap((s) => [s.file_key, s.thumbnail_key].map((k) => ctx.storage.remove(k).catch(() => undefined))),
  );
}

/**
 * One photo added after the report, by whoever sends it: at most MAX_TICKET_PHOTOS a ticket, the
 * file stored before the transaction (and removed again if it fails), an entry in the timeline, and
 * whatever the caller writes with it (the craftsman's audit entry).
 */
export async function addLaterPhoto(
  ctx: AppContext,
  ticket: { id: number; number: string; first_response_at: string | null },
  by: EventAuthor & { author: 'resident' | 'management' | 'craftsman' },
  read: () => Promise<FormFile>,
  also?: (trx: DB) => Promise<void>,
) {
  if ((await repo.countPhotos(ctx.db, ticket.id)) >= MAX_TICKET_PHOTOS)
    throw fieldError('photo', said('errors.uploads.ticketPhotos', { max: MAX_TICKET_PHOTOS }));
  const stored = await storePhotos(ctx, [await read()], 'photo');
  try {
    await inTransaction(ctx.db, async (trx) => {
      const now = nowIso();
      await repo.insertPhotos(
        trx,
        stored.map((s) => ({
          ticket_id: ticket.id,
          file_key: s.file_key,
          thumbnail_key: s.thumbnail_key,
          original: 0,
          added_by: by.author,
          user_id: by.userId ?? null,
          created_at: now,
        })),
      );
      await addEvent(trx, ctx, ticket, by, { kind: 'photo' });
      await also?.(trx);
    });
  } catch (err) {
    await removeStored(ctx, stored);
    throw err;
  }
}

/**
 * A resident reports a defect (or the receptionist does for one at the desk): the ticket gets its
 * number and the server's time, the photos are stored, the reporter gets the receipt by mail and
 * the managers hear of it, all in one transaction. The same idempotency key creates one ticket:
 * a repeat gets that ticket back (`created` false); the key with another report is refused.
 */
export async function reportTicket(
  ctx: AppContext,
  caller: Resident,
  input: ReportInput,
  photos: FormFile[],
  idempotencyKey: string | undefined,
): Promise<{ id: number; created: boolean }> {
  const { db, outbox, config } = ctx;
  if (!idempotencyKey || !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) throw nonFieldError(KEY_MISSING);
  if (photos.length > MAX_REPORT_PHOTOS)
    throw fieldError('photos', said('errors.uploads.reportPhotos', { max: MAX_REPORT_PHOTOS }));

  // At the desk the receptionist reports for a resident of the same building.
  let reporter: { id: number; name: string; apartment: string; email: string; language: string | null } = {
    id: caller.id,
    name: caller.name,
    apartment: caller.apartmentNumber,
    email: caller.email,
    language: caller.language,
  };
  if (input.for_apartment) {
    requireDesk(caller);
    const resident = await findUserByLogin(db, input.for_apartment);
    if (!resident || resident.location_id !== caller.locationId || !resident.is_active || resident.erased_at)
      throw fieldError('for_apartment', 'Diese Wohnungsnummer gibt es an Ihrem Standort nicht.');
    reporter = {
      id: resident.id,
      name: resident.name,
      apartment: resident.apartment_number,
      email: resident.email,
      language: resident.language,
    };
  }

  const sha256 = reportHash(input, photos);
  const replay = async () => {
    const existing = await repo.findByIdempotencyKey(db, reporter.id, idempotencyKey);
    if (!existing) return null;
    if (existing.receipt_sha256 !== sha256) throw new ApiError(409, { detail: REPORT_TAKEN });
    return { id: existing.id, created: false };
  };
  const earlier = await replay();
  if (earlier) return earlier;

  const category = await repo.findCategory(db, input.category_id);
  if (!category || category.location_id !== caller.locationId || category.archived)
    throw fieldError('category_id', 'Bitte wählen Sie eine Kategorie dieses Standorts.');
  await ctx.writes.take('ticket', caller.id);

  const stored = await storePhotos(ctx, photos, 'photos');
  const now = Date.now();
  const createdAt = new Date(now).toISOString();
  try {
    // The number is taken first and the receipt drawn outside the ticket's transaction: drawing
    // takes tens of milliseconds, which SQLite's single writer would otherwise wait for. A report
    // that then fails leaves a gap in the numbers, nothing else.
    const number = await reserveNumber(db, now);
    const pdf = reporter.email
      ? await renderReceipt(
          receiptContent(config.appName, {
            number,
            createdAt,
            reporter,
            locationTitle: await repo.locationTitle(db, caller.locationId),
            category: category.name,
            input,
            previews: stored.map((s) => s.preview),
            sha256,
          }),
        )
      : null;
    const id = await inTransaction(db, async (trx) => {
      const ticketId = await repo.insertTicket(trx, {
        number,
        location_id: caller.locationId,
        reporter_id: reporter.id,
        created_by: reporter.id === caller.id ? null : caller.id,
        source: reporter.id === caller.id ? 'app' : 'desk',
        category_id: category.id,
        scope: input.scope,
        place: input.place,
        description: input.description,
        contact_consent: input.contact_consent ? 1 : 0,
        contact_phone: input.contact_phone,
        status: 'received',
        last_activity_at: createdAt,
        receipt_sha256: sha256,
        idempotency_key: idempotencyKey,
        created_at: createdAt,
      });
      await repo.insertPhotos(
        trx,
        stored.map((s) => ({
          ticket_id: ticketId,
          file_key: s.file_key,
          thumbnail_key: s.thumbnail_key,
          original: 1,
          added_by: 'resident' as const,
          user_id: reporter.id,
          created_at: createdAt,
        })),
      );
      const ticket = { id: ticketId, number, first_response_at: null };
      await addEvent(trx, ctx, ticket, { author: 'resident', userId: reporter.id }, { kind: 'created' });
      await recordChange(trx, {
        actor: caller,
        action: 'ticket_created',
        entity: { type: 'ticket', id: ticketId, locationId: caller.locationId },
        details: { number, category: category.name, scope: input.scope, photos: stored.length },
      });
      if (pdf)
        await outbox.enqueue(
          receiptMail(config, {
            number,
            ticketId,
            name: reporter.name,
            email: reporter.email,
            language: reporter.language,
            pdf,
          }),
          {
            kind: 'ticket_receipt',
            locationId: caller.locationId,
            trx,
          },
        );
      await raise(trx, ctx, {
        type: 'ticket.awaiting',
        ticket: { ...ticket, locationId: caller.locationId },
        what: 'Ein Schaden wurde gemeldet',
      });
      return ticketId;
    });
    ctx.events.kick();
    return { id, created: true };
  } catch (err) {
    await removeStored(ctx, stored);
    // The same report sent twice at once: the other request made the ticket; answer with it.
    if (isUniqueViolation(err)) {
      const again = await replay();
      if (again) return again;
    }
    throw err;
  }
}

/** Takes the next number of the year (in Europe/Berlin) in a transaction of its own: `2026-000123`. */
export async function reserveNumber(db: DB, now: number): Promise<string> {
  const year = berlinYear(now);
  return ticketNumber(year, await inTransaction(db, (trx) => repo.nextTicketSequence(trx, year)));
}

/** What the receipt states about a ticket. */
export function receiptContent(
  appName: string,
  t: {
    number: string;
    createdAt: string;
    reporter: { name: string; apartment: string; language: string | null };
    locationTitle: string;
    category: string;
    input: Pick<ReportInput, 'scope' | 'place' | 'description' | 'contact_consent'>;
    previews: Buffer[];
    sha256: string;
  },
): ReceiptContent {
  return {
    appName,
    language: t.reporter.language,
    number: t.number,
    receivedAt: t.createdAt,
    name: t.reporter.name,
    apartment: t.reporter.apartment,
    location: t.locationTitle,
    category: t.category,
    scope: t.input.scope,
    place: t.input.place,
    description: t.input.description,
    consent: t.input.contact_consent,
    photos: t.previews,
    sha256: t.sha256,
  };
}

/** The receipt of a ticket, for its reporter: rendered again from the report as received. */
export async function ticketReceipt(
  ctx: AppContext,
  resident: Resident,
  id: number,
): Promise<{ number: string; pdf: Buffer }> {
  const { ticket, relation } = await ticketInReach(ctx.db, resident, id);
  if (relation !== 'reporter') throw notFound();
  const photos = (await repo.listPhotos(ctx.db, ticket.id)).filter((p) => p.original);
  const previews = await Promise.all(
    photos.map(async (p) => {
      const data = await ctx.storage.read(p.file_key);
      return data ? jpegPreview(data, 300) : null;
    }),
  );
  const pdf = await renderReceipt(
    receiptContent(ctx.config.appName, {
      number: ticket.number,
      createdAt: ticket.created_at,
      reporter: {
        name: ticket.reporter_name ?? '',
        apartment: ticket.reporter_apartment ?? '',
        language: resident.language,
      },
      locationTitle: ticket.location_title,
      category: ticket.category_name,
      input: {
        scope: ticket.scope,
        place: ticket.place,
        description: ticket.description,
        contact_consent: Boolean(ticket.contact_consent),
      },
      previews: previews.filter((p): p is Buffer => p !== null),
      sha256: ticket.receipt_sha256,
    }),
  );
  return { number: ticket.number, pdf };
}

/** The reporter or a follower adds a photo to an open ticket; the management sees it in the timeline. */
export async function addTicketPhoto(ctx: AppContext, resident: Resident, id: number, read: () => Promise<FormFile>) {
  const { ticket } = await ticketInReach(ctx.db, resident, id);
  if (!OPEN_TICKET_STATUSES.includes(ticket.status)) throw nonFieldError('Diese Meldung ist abgeschlossen.');
  await ctx.writes.take('attachment', resident.id);
  await addLaterPhoto(ctx, ticket, { author: 'resident', userId: resident.id }, read);
}

/** The reporter or a follower writes to the ticket's thread; the managers hear of it. */
export async function writeTicketMessage(ctx: AppContext, resident: Resident, id: number, text: string) {
  const { ticket } = await ticketInReach(ctx.db, resident, id);
  await ctx.writes.take('ticketMessage', resident.id);
  const eventId = await inTransaction(ctx.db, async (trx) => {
    const created = await addEvent(
      trx,
      ctx,
      ticket,
      { author: 'resident', userId: resident.id },
      { kind: 'message', text },
    );
    await raise(trx, ctx, {
      type: 'ticket.awaiting',
      ticket: { id: ticket.id, number: ticket.number, locationId: ticket.location_id },
      what: 'Eine Bewohnerin oder ein Bewohner hat geschrieben',
    });
    return created;
  });
  ctx.events.kick();
  return eventId;
}

/**
 * A resident says 'Betrifft mich auch' about an open building-wide ticket of their location: they
 * follow it and hear what the reporter hears, instead of reporting the defect again.
 */
export async function followTicket(ctx: AppContext, resident: Resident, id: number) {
  const ticket = await repo.findTicket(ctx.db, id);
  if (!ticket || ticket.location_id !== resident.locationId || ticket.scope !== 'building') throw notFound();
  if (!OPEN_TICKET_STATUSES.includes(ticket.status) || ticket.merged_into_id !== null)
    throw nonFieldError('Diese Meldung ist abgeschlossen.');
  if (ticket.reporter_id !== resident.id) {
    await inTransaction(ctx.db, async (trx) => {
      await repo.addFollower(trx, ticket.id, resident.id);
      await recordChange(trx, {
        actor: resident,
        action: 'ticket_followed',
        entity: { type: 'ticket', id: ticket.id, locationId: ticket.location_id },
      });
    });
  }
  return { id: ticket.id, affected_count: await repo.affectedCount(ctx.db, ticket.id), affected: true };
}

/** A follower leaves a ticket: it no longer concerns them. */
export async function unfollowTicket(ctx: AppContext, resident: Resident, id: number) {
  const { ticket, relation } = await ticketInReach(ctx.db, resident, id);
  if (relation === 'reporter') throw nonFieldError('Ihre eigene Meldung können Sie nicht verlassen.');
  await inTransaction(ctx.db, async (trx) => {
    await repo.removeFollower(trx, ticket.id, resident.id);
    await recordChange(trx, {
      actor: resident,
      action: 'ticket_unfollowed',
      entity: { type: 'ticket', id: ticket.id, locationId: ticket.location_id },
    });
  });
  return { id: ticket.id, affected_count: await repo.affectedCount(ctx.db, ticket.id), affected: false };
}

/** The reporter's last 14 days after 'Erledigt': the ticket or 400. */
async function closedRecently(ctx: AppContext, resident: Resident, id: number) {
  const { ticket, relation } = await ticketInReach(ctx.db, resident, id);
  if (relation !== 'reporter') throw forbidden();
  const until = ticket.done_at ? Date.parse(ticket.done_at) + 14 * 24 * 3600 * 1000 : 0;
  if (ticket.status !== 'done' || Date.now() > until)
    throw nonFieldError('Bewerten oder wieder öffnen lässt sich eine Meldung nur bis 14 Tage nach „Erledigt“.');
  return ticket;
}

/** The reporter rates the repair (1–5 stars, optional text); a second rating replaces the first. */
export async function rateTicket(ctx: AppContext, resident: Resident, id: number, stars: number, text: string) {
  const ticket = await closedRecently(ctx, resident, id);
  await inTransaction(ctx.db, async (trx) => {
    await repo.updateTicket(trx, ticket.id, { rating: stars, rating_text: text });
    await addEvent(
      trx,
      ctx,
      ticket,
      { author: 'resident', userId: resident.id },
      { kind: 'rated', text: `${stars} von 5 Sternen${text ? `: ${text}` : ''}` },
    );
    await recordChange(trx, {
      actor: resident,
      action: 'ticket_rated',
      entity: { type: 'ticket', id: ticket.id, locationId: ticket.location_id },
      before: { rating: ticket.rating },
      after: { rating: stars },
    });
  });
}

/** The reporter reopens a repair that did not hold: the ticket is 'Eingegangen' again and the managers hear of it. */
export async function reopenTicket(ctx: AppContext, resident: Resident, id: number, text: string) {
  const ticket = await closedRecently(ctx, resident, id);
  await inTransaction(ctx.db, async (trx) => {
    await repo.updateTicket(trx, ticket.id, { reopen_count: ticket.reopen_count + 1, done_at: null });
    await addEvent(trx, ctx, ticket, { author: 'resident', userId: resident.id }, { kind: 'reopened', text });
    await changeStatus(trx, ctx, ticket, 'received', { author: 'resident', userId: resident.id });
    await recordChange(trx, {
      actor: resident,
      action: 'ticket_reopened',
      entity: { type: 'ticket', id: ticket.id, locationId: ticket.location_id },
      before: { status: ticket.status },
      after: { status: 'received' },
    });
    await raise(trx, ctx, {
      type: 'ticket.awaiting',
      ticket: { id: ticket.id, number: ticket.number, locationId: ticket.location_id },
      what: 'Eine Meldung wurde wieder geöffnet',
    });
  });
  ctx.events.kick();
}
