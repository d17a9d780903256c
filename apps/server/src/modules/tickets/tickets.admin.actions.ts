import {
  OPEN_TICKET_STATUSES,
  TICKET_STALE_HOURS,
  type AdminTicketAcceptance,
  type ContentTranslations,
  type TicketStatus,
} from '@hausportal/contract';
import { storeTranslations } from '../../lib/translations.js';
import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/database.js';
import { recordChange } from '../audit/audit.js';
import { ApiError, fieldError, nonFieldError } from '../../lib/errors.js';
import { isoFromMs, nowIso } from '../../lib/time.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { FormFile } from '../../lib/uploads.js';
import {
  actorOf,
  authorIdOf,
  isKeyCaller,
  inStaffScope,
  requireStaffLocation,
  staffLocations,
  type Caller,
  type Operator,
} from '../auth/policies.js';
import { findBuilding } from '../location/location.repository.js';
import { findResident } from '../residents/residents.repository.js';
import { findAdminProvider } from '../services/services.repository.js';
import { assignmentMail, receiptMail, returnedMail, toAdminTicket, toPlace } from './tickets.presenter.js';
import { renderReceipt } from './tickets.receipt.js';
import * as repo from './tickets.repository.js';
import { addLaterPhoto, receiptContent, reportHash, reserveNumber, type ReportInput } from './tickets.actions.js';
import { addEvent, changeStatus } from './tickets.timeline.js';

/** A ticket of the staff member's (or the integration key's) locations, or 404. */
export async function ticketInScope(ctx: AppContext, caller: Operator, id: number) {
  return inStaffScope(ctx.db, caller, await repo.findTicket(ctx.db, id));
}

const management = (caller: Operator) => ({
  author: 'management' as const,
  userId: authorIdOf(caller),
  apiKeyId: isKeyCaller(caller) ? caller.keyId : null,
});

/**
 * A manager opens a ticket for a resident who phoned or came by: numbered and receipted like a
 * resident's own report, and in the resident's 'Meine Meldungen'.
 */
export async function openTicketForResident(
  ctx: AppContext,
  caller: Caller,
  b: Omit<ReportInput, 'for_apartment'> & { resident_id: number; source: 'phone' | 'desk' },
): Promise<number> {
  const { db, outbox, config } = ctx;
  const locations = await staffLocations(db, caller);
  const resident = await findResident(db, locations, b.resident_id);
  if (!resident || resident.location_id === null || !resident.is_active || resident.erased_at)
    throw fieldError('resident_id', 'Diese Person gibt es an Ihren Standorten nicht.');
  const category = await repo.findCategory(db, b.category_id);
  if (!category || category.location_id !== resident.location_id || category.archived)
    throw fieldError('category_id', 'Bitte wählen Sie eine Kategorie des Standorts der Person.');
  const sha256 = reportHash({ ...b }, []);
  const now = Date.now();
  const createdAt = new Date(now).toISOString();
  const locationId = resident.location_id;
  // As for a resident's own report: the number first, the receipt outside the transaction.
  const number = await reserveNumber(db, now);
  const pdf = resident.email
    ? await renderReceipt(
        receiptContent(config.appName, {
          number,
          createdAt,
          reporter: { name: resident.name, apartment: resident.apartment_number, language: resident.language },
          locationTitle: resident.location_title,
          category: category.name,
          input: b,
          previews: [],
          sha256,
        }),
      )
    : null;
  const id = await inTransaction(db, async (trx) => {
    const ticketId = await repo.insertTicket(trx, {
      number,
      location_id: locationId,
      reporter_id: resident.id,
      created_by: caller.id,
      source: b.source,
      category_id: category.id,
      scope: b.scope,
      place: b.place,
      description: b.description,
      contact_consent: b.contact_consent ? 1 : 0,
      contact_phone: b.contact_phone,
      status: 'received',
      last_activity_at: createdAt,
      receipt_sha256: sha256,
      idempotency_key: null,
      created_at: createdAt,
    });
    await addEvent(trx, ctx, { id: ticketId, number, first_response_at: null }, management(caller), {
      kind: 'created',
    });
    await recordChange(trx, {
      actor: caller,
      action: 'ticket_created',
      entity: { type: 'ticket', id: ticketId, locationId },
      details: { number, category: category.name, scope: b.scope, source: b.source, for: resident.id },
    });
    if (pdf)
      await outbox.enqueue(
        receiptMail(config, {
          number,
          ticketId,
          name: resident.name,
          email: resident.email,
          language: resident.language,
          pdf,
        }),
        { kind: 'ticket_receipt', locationId, trx },
      );
    return ticketId;
  });
  ctx.events.kick();
  return id;
}

/** Staff set a ticket's status, with a message the residents read (a reason for 'Abgelehnt'). */
export async function setTicketStatus(
  ctx: AppContext,
  caller: Operator,
  id: number,
  status: TicketStatus,
  message: string,
) {
  const ticket = await ticketInScope(ctx, caller, id);
  if (ticket.merged_into_id !== null) throw nonFieldError('Diese Meldung wurde zusammengeführt.');
  await inTransaction(ctx.db, async (trx) => {
    await changeStatus(trx, ctx, ticket, status, management(caller), message);
    await recordChange(trx, {
      actor: actorOf(caller),
      action: 'ticket_status',
      entity: { type: 'ticket', id: ticket.id, locationId: ticket.location_id },
      before: { status: ticket.status },
      after: { status, message },
    });
  });
  ctx.events.kick();
}

/**
 * Staff write to a ticket: a message to the reporter and followers (who hear of it), or an
 * internal note, which no resident ever sees or hears of.
 */
export async function writeStaffMessage(
  ctx: AppContext,
  caller: Operator,
  id: number,
  text: string,
  internal: boolean,
) {
  const ticket = await ticketInScope(ctx, caller, id);
  await inTransaction(ctx.db, async (trx) => {
    await addEvent(trx, ctx, ticket, management(caller), { kind: internal ? 'note' : 'message', text, internal });
    await recordChange(trx, {
      actor: actorOf(caller),
      action: internal ? 'ticket_note' : 'ticket_message',
      entity: { type: 'ticket', id: ticket.id, locationId: ticket.location_id },
    });
  });
  ctx.events.kick();
}

/** Staff add a photo (taken on site, or sent by mail) to a ticket. */
export async function addStaffPhoto(ctx: AppContext, caller: Caller, id: number, read: () => Promise<FormFile>) {
  const ticket = await ticketInScope(ctx, caller, id);
  await addLaterPhoto(ctx, ticket, management(caller), read);
}

/**
 * Staff hand a ticket to one of its location's providers: a new signed link (only its hash is
 * kept) goes to the provider by mail, an older link stops working, and the residents read
 * 'Handwerker beauftragt'.
 */
export async function assignCraftsman(
  ctx: AppContext,
  caller: Caller,
  id: number,
  providerId: number,
  message: string,
) {
  const { db, outbox, config } = ctx;
  const ticket = await ticketInScope(ctx, caller, id);
  if (!OPEN_TICKET_STATUSES.includes(ticket.status) || ticket.merged_into_id !== null)
    throw nonFieldError('Diese Meldung ist abgeschlossen.');
  const provider = await findAdminProvider(db, providerId);
  if (!provider || provider.location_id !== ticket.location_id)
    throw fieldError('provider_id', 'Bitte wählen Sie einen Anbieter dieses Standorts.');
  if (!provider.email)
    throw fieldError(
      'provider_id',
      'Für diesen Anbieter ist keine E-Mail-Adresse hinterlegt. Bitte ergänzen Sie sie zuerst.',
    );
  const token = newToken();
  const link = `${config.publicUrl}/auftrag/${token}`;
  await inTransaction(db, async (trx) => {
    const now = nowIso();
    await repo.endAssignments(trx, ticket.id, now);
    const assignmentId = await repo.insertAssignment(trx, {
      ticket_id: ticket.id,
      provider_id: provider.id,
      token_hash: hashToken(token),
      message,
      state: 'offered',
      created_by: caller.id,
      created_at: now,
    });
    await repo.updateTicket(trx, ticket.id, { assignee_provider_id: provider.id, appointment_at: null });
    await addEvent(trx, ctx, ticket, management(caller), {
      kind: 'assigned',
      text: `Auftrag an ${provider.name}${message ? `: ${message}` : ''}`,
      internal: true,
    });
    await changeStatus(trx, ctx, ticket, 'craftsman_assigned', { ...management(caller), assignmentId });
    await outbox.enqueue(
      assignmentMail(config, {
        to: provider.email,
        provider: provider.name,
        number: ticket.number,
        location: ticket.location_title,
        category: ticket.category_name,
        message,
        link,
        place: toPlace(await repo.placeOfTicket(trx, ticket.id)),
      }),
      { kind: 'ticket_assignment', locationId: ticket.location_id, trx, secret: true },
    );
    await recordChange(trx, {
      actor: caller,
      action: 'ticket_assigned',
      entity: { type: 'ticket', id: ticket.id, locationId: ticket.location_id },
      before: { provider_id: ticket.assignee_provider_id },
      after: { provider_id: provider.id },
    });
  });
  ctx.events.kick();
}

/** Staff revoke the craftsman's link: it stops working at once, and the ticket is 'In Bearbeitung' again. */
export async function revokeAssignment(ctx: AppContext, caller: Caller, id: number) {
  const ticket = await ticketInScope(ctx, caller, id);
  const current = await repo.latestAssignment(ctx.db, ticket.id);
  if (!current || current.ended_at !== null) throw nonFieldError('Diese Meldung hat keinen laufenden Auftrag.');
  await inTransaction(ctx.db, async (trx) => {
    await repo.updateAssignment(trx, current.id, { state: 'revoked', ended_at: nowIso() });
    await repo.updateTicket(trx, ticket.id, { assignee_provider_id: null, appointment_at: null });
    await addEvent(trx, ctx, ticket, management(caller), {
      kind: 'unassigned',
      text: `Auftrag an ${current.provider_name} zurückgezogen`,
      internal: true,
    });
    if (OPEN_TICKET_STATUSES.includes(ticket.status))
      await changeStatus(trx, ctx, ticket, 'in_progress', management(caller));
    await recordChange(trx, {
      actor: caller,
      action: 'ticket_assignment_revoked',
      entity: { type: 'ticket', id: ticket.id, locationId: ticket.location_id },
      before: { provider_id: current.provider_id },
      after: { provider_id: null },
    });
  });
  ctx.events.kick();
}

/**
 * Staff merge a duplicate into another ticket of the same location: its reporter and followers
 * follow the other ticket from now on, and the duplicate is closed with a pointer to it.
 */
export async function mergeTicket(ctx: AppContext, caller: Caller, id: number, intoId: number): Promise<number> {
  const duplicate = await ticketInScope(ctx, caller, id);
  const into = await ticketInScope(ctx, caller, intoId);
  if (duplicate.id === into.id)
    throw fieldError('into_id', 'Eine Meldung kann nicht mit sich selbst zusammengeführt werden.');
  if (into.location_id !== duplicate.location_id)
    throw fieldError('into_id', 'Nur Meldungen desselben Standorts lassen sich zusammenführen.');
  if (into.merged_into_id !== null || duplicate.merged_into_id !== null)
    throw fieldError('into_id', 'Diese Meldung wurde bereits zusammengeführt.');
  await inTransaction(ctx.db, async (trx) => {
    await repo.moveFollowers(trx, duplicate, into);
    await repo.updateTicket(trx, duplicate.id, { merged_into_id: into.id });
    await addEvent(trx, ctx, into, management(caller), {
      kind: 'merged',
      text: `Meldung ${duplicate.number} zusammengeführt`,
    });
    const reason = `Dieselbe Meldung wird unter ${into.number} bearbeitet; Sie erhalten deren Neuigkeiten.`;
    await changeStatus(trx, ctx, duplicate, 'rejected', management(caller), reason);
    await recordChange(trx, {
      actor: caller,
      action: 'ticket_merged',
      entity: { type: 'ticket', id: duplicate.id, locationId: duplicate.location_id },
      after: { merged_into: into.number },
    });
  });
  ctx.events.kick();
  return into.id;
}

/** A category as the manager's form sends it. */
type CategoryInput = {
  location_id: number;
  name: string;
  emergency: boolean;
  sort_order?: number;
  archived: boolean;
  translations?: ContentTranslations;
};

const categoryFields = (b: CategoryInput, storedTranslations?: string) => ({
  name: b.name,
  emergency: b.emergency,
  sortOrder: b.sort_order,
  archived: b.archived,
  translations: storeTranslations(b.translations, storedTranslations),
});

/** A manager adds a category to one of their locations. */
export async function createCategory(ctx: AppContext, caller: Caller, b: CategoryInput): Promise<number> {
  await requireStaffLocation(ctx.db, caller, b.location_id);
  return inTransaction(ctx.db, async (trx) => {
    const id = await repo.insertCategory(trx, { locationId: b.location_id, ...categoryFields(b) });
    await recordChange(trx, {
      actor: caller,
      action: 'ticket_category_created',
      entity: { type: 'ticket_category', id, locationId: b.location_id },
      after: { name: b.name, emergency: b.emergency },
    });
    return id;
  });
}

/** A manager renames, marks, reorders or archives a category (its tickets keep it). */
export async function updateCategory(ctx: AppContext, caller: Caller, id: number, b: CategoryInput): Promise<void> {
  const category = await repo.findCategory(ctx.db, id);
  await inStaffScope(ctx.db, caller, category);
  if (b.location_id !== category!.location_id)
    throw fieldError('location_id', 'Eine Kategorie bleibt an ihrem Standort.');
  await inTransaction(ctx.db, async (trx) => {
    await repo.updateCategory(trx, id, categoryFields(b, category!.translations));
    await recordChange(trx, {
      actor: caller,
      action: 'ticket_category_updated',
      entity: { type: 'ticket_category', id, locationId: category!.location_id },
      before: { name: category!.name, emergency: Boolean(category!.emergency), archived: Boolean(category!.archived) },
      after: { name: b.name, emergency: b.emergency, archived: b.archived },
    });
  });
}

/** Before this moment the management's last answer makes an open ticket 'ohne Reaktion'. */
export const staleBefore = () => isoFromMs(Date.now() - TICKET_STALE_HOURS * 3_600_000);

/** A ticket as the back office (or an integration key) reads it: everything, internal notes included. */
export async function readAdminTicket(ctx: AppContext, caller: Operator, id: number) {
  const ticket = await ticketInScope(ctx, caller, id);
  const [line, photos, events, assignment] = await Promise.all([
    repo.findAdminTicketLine(ctx.db, ticket.id, staleBefore()),
    repo.listPhotos(ctx.db, ticket.id),
    repo.listEvents(ctx.db, ticket.id, { internal: true }),
    repo.latestAssignment(ctx.db, ticket.id),
  ]);
  return toAdminTicket(
    line!,
    ticket,
    photos,
    events,
    assignment,
    ctx.signer,
    isKeyCaller(caller) ? undefined : caller.tokenId,
  );
}

const NOT_REPORTED_DONE = 'Diese Meldung wartet nicht auf eine Abnahme.';

/**
 * The manager accepts a craftsman's 'erledigt' ('Abnehmen'): the ticket is 'Erledigt' and the
 * residents hear of it. Or sends it back with a reason: the craftsman's link works again, the
 * ticket goes back to where it stood, and the craftsman reads the reason on the page and in a mail;
 * the residents never saw the 'erledigt', so they hear nothing of its return.
 */
export async function decideAcceptance(ctx: AppContext, caller: Operator, id: number, d: AdminTicketAcceptance) {
  const ticket = await ticketInScope(ctx, caller, id);
  if (ticket.status !== 'reported_done') throw new ApiError(409, { detail: NOT_REPORTED_DONE });
  const assignment = await repo.reportedAssignment(ctx.db, ticket.id);
  await inTransaction(ctx.db, async (trx) => {
    if (!(await repo.claimStatus(trx, ticket.id, 'reported_done')))
      throw new ApiError(409, { detail: NOT_REPORTED_DONE });
    if (d.decision === 'accept') {
      await changeStatus(trx, ctx, ticket, 'done', management(caller), 'Von der Hausverwaltung abgenommen.');
    } else {
      const back = ticket.appointment_at ? 'appointment_set' : 'craftsman_assigned';
      if (assignment) await repo.updateAssignment(trx, assignment.id, { state: 'accepted', done_at: null });
      await changeStatus(trx, ctx, ticket, back, management(caller), '', undefined, false);
      await addEvent(
        trx,
        ctx,
        ticket,
        { ...management(caller), assignmentId: assignment?.id ?? null },
        { kind: 'returned', text: d.reason, internal: true },
      );
      if (assignment?.provider_email)
        await ctx.outbox.enqueue(
          returnedMail(ctx.config, {
            to: assignment.provider_email,
            provider: assignment.provider_name,
            number: ticket.number,
            reason: d.reason,
          }),
          { kind: 'ticket_assignment', locationId: ticket.location_id, trx },
        );
    }
    await recordChange(trx, {
      actor: actorOf(caller),
      action: d.decision === 'accept' ? 'ticket_accepted' : 'ticket_returned',
      entity: { type: 'ticket', id: ticket.id, locationId: ticket.location_id },
      details: d.decision === 'return' ? { reason: d.reason } : undefined,
    });
  });
  ctx.events.kick();
}

/**
 * What the locations' setting accepts by itself: a craftsman's 'erledigt' that nobody sent back
 * within `auto_accept_days`. Each ticket is claimed by its status, so two processes accept it once.
 */
export async function acceptDueTickets(ctx: AppContext, now = Date.now()): Promise<number> {
  let accepted = 0;
  for (const id of await repo.dueForAutoAcceptance(ctx.db, now)) {
    const ticket = await repo.findTicket(ctx.db, id);
    if (!ticket) continue;
    const done = await inTransaction(ctx.db, async (trx) => {
      if (!(await repo.claimStatus(trx, id, 'reported_done'))) return false;
      await changeStatus(trx, ctx, ticket, 'done', { author: 'system' }, 'Automatisch abgenommen.');
      await recordChange(trx, {
        actor: null,
        action: 'ticket_accepted',
        entity: { type: 'ticket', id, locationId: ticket.location_id },
        details: { automatic: true },
      });
      return true;
    });
    if (done) accepted++;
  }
  if (accepted) ctx.events.kick();
  return accepted;
}

/** The manager names the building or staircase a ticket's defect is in (null: the location). */
export async function setTicketBuilding(ctx: AppContext, caller: Operator, id: number, buildingId: number | null) {
  const ticket = await ticketInScope(ctx, caller, id);
  if (buildingId !== null && !(await findBuilding(ctx.db, ticket.location_id, buildingId)))
    throw fieldError('building_id', 'Dieses Gebäude gehört nicht zum Standort der Meldung.');
  await inTransaction(ctx.db, async (trx) => {
    await repo.updateTicket(trx, ticket.id, { building_id: buildingId });
    await recordChange(trx, {
      actor: actorOf(caller),
      action: 'ticket_building',
      entity: { type: 'ticket', id: ticket.id, locationId: ticket.location_id },
      before: { building_id: ticket.building_id },
      after: { building_id: buildingId },
    });
  });
}
