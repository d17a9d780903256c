import { TZDate } from '@date-fns/tz';
import { CRAFTSMAN_LINK_INVALID, type CraftsmanJob } from '@hausportal/contract';
import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/database.js';
import { recordChange } from '../audit/audit.js';
import { german } from '../../i18n/index.js';
import { ApiError, fieldError, nonFieldError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { hashToken } from '../../lib/tokens.js';
import type { FormFile } from '../../lib/uploads.js';
import { raise } from '../../events/bus.js';
import { berlinTime, readableUntil, toCraftsmanJob } from './tickets.presenter.js';
import * as repo from './tickets.repository.js';
import { addLaterPhoto } from './tickets.actions.js';
import { addEvent, changeStatus } from './tickets.timeline.js';

// The craftsman works without an account: the signed link in the mail is the permission. A link
// that is unknown, revoked, reassigned or belongs to a closed ticket answers like an unknown one;
// after the craftsman reported the job done it stays readable, not writable, for 30 days, so the
// job's number and details are at hand for the invoice.

const invalid = () => new ApiError(404, { detail: CRAFTSMAN_LINK_INVALID });

const JOB_CLOSED = 'Dieser Auftrag ist bereits abgeschlossen.';

/** The job behind a token while its link works; 404 with the German notice otherwise. */
async function liveJob(ctx: AppContext, token: string) {
  if (!/^[A-Za-z0-9_-]{20,200}$/.test(token)) throw invalid();
  const assignment = await repo.findLiveAssignment(ctx.db, hashToken(token));
  if (!assignment) {
    // A job reported done is still shown, but takes no more steps.
    const done = await repo.findAssignmentByToken(ctx.db, hashToken(token));
    if (done?.state === 'done' && readableUntil(done) && Date.parse(readableUntil(done)!) > Date.now())
      throw new ApiError(409, { detail: JOB_CLOSED });
    throw invalid();
  }
  if (assignment.state === 'done') throw new ApiError(409, { detail: JOB_CLOSED });
  const ticket = await repo.findTicket(ctx.db, assignment.ticket_id);
  if (!ticket) throw invalid();
  return { assignment, ticket };
}

/** The job as it stands now, also after a step that ended the link (decline, done). */
async function presentJob(
  ctx: AppContext,
  assignment: { id: number; message: string; done_at: string | null },
  ticketId: number,
  state: CraftsmanJob['state'],
) {
  const ticket = (await repo.findTicket(ctx.db, ticketId))!;
  const [place, photos, events] = await Promise.all([
    repo.placeOfTicket(ctx.db, ticket.id),
    repo.listPhotos(ctx.db, ticket.id),
    repo.listCraftsmanEvents(ctx.db, ticket.id, assignment.id),
  ]);
  const until = readableUntil({ state, done_at: assignment.done_at });
  return toCraftsmanJob(
    ticket,
    { state, message: assignment.message, readableUntil: until },
    place,
    photos,
    events,
    ctx.signer,
  );
}

/**
 * What the craftsman's page shows of the job: while the link is live, and for 30 days after the
 * craftsman reported it done (read-only), also once the manager accepted it and closed the ticket.
 */
export async function readJob(ctx: AppContext, token: string) {
  if (!/^[A-Za-z0-9_-]{20,200}$/.test(token)) throw invalid();
  const assignment = await repo.findAssignmentByToken(ctx.db, hashToken(token));
  if (!assignment) throw invalid();
  const until = readableUntil(assignment);
  const live = assignment.ended_at === null && assignment.state !== 'done';
  if (!live && (until === null || Date.parse(until) <= Date.now())) throw invalid();
  return presentJob(ctx, assignment, assignment.ticket_id, assignment.state);
}

/** Who acts on the craftsman's page: the provider behind the link. */
const craftsman = (assignmentId: number) => ({ author: 'craftsman' as const, assignmentId });

/** Every step of the craftsman goes into the audit log under the provider's link. */
function auditStep(
  action: string,
  ticket: { id: number; location_id: number },
  assignment: { id: number; provider_id: number; provider_name: string },
  after?: unknown,
) {
  return {
    actor: null,
    action,
    entity: { type: 'ticket', id: ticket.id, locationId: ticket.location_id },
    details: { assignment: assignment.id, provider_id: assignment.provider_id, provider: assignment.provider_name },
    after,
  };
}

/** The craftsman takes the job. */
export async function acceptJob(ctx: AppContext, token: string) {
  const { assignment, ticket } = await liveJob(ctx, token);
  if (assignment.state === 'offered') {
    await inTransaction(ctx.db, async (trx) => {
      await repo.updateAssignment(trx, assignment.id, { state: 'accepted', responded_at: nowIso() });
      await addEvent(trx, ctx, ticket, craftsman(assignment.id), {
        kind: 'craftsman',
        text: german().t('tickets.accepted'),
      });
      await recordChange(trx, auditStep('ticket_job_accepted', ticket, assignment));
    });
  }
  return readJob(ctx, token);
}

/** The craftsman turns the job down: the link ends, the ticket goes back to the management, who hear of it. */
export async function declineJob(ctx: AppContext, token: string, reason: string) {
  const { assignment, ticket } = await liveJob(ctx, token);
  if (assignment.state !== 'offered' && assignment.state !== 'accepted')
    throw nonFieldError('Dieser Auftrag ist bereits abgeschlossen.');
  await inTransaction(ctx.db, async (trx) => {
    await repo.updateAssignment(trx, assignment.id, { state: 'declined', responded_at: nowIso(), ended_at: nowIso() });
    await repo.updateTicket(trx, ticket.id, { assignee_provider_id: null, appointment_at: null });
    await addEvent(trx, ctx, ticket, craftsman(assignment.id), {
      kind: 'craftsman',
      text: `Auftrag abgelehnt${reason ? `: ${reason}` : ''}`,
      internal: true,
    });
    await changeStatus(trx, ctx, ticket, 'in_progress', { author: 'system' });
    await raise(trx, ctx, {
      type: 'ticket.awaiting',
      ticket: { id: ticket.id, number: ticket.number, locationId: ticket.location_id },
      what: `${assignment.provider_name} hat den Auftrag abgelehnt`,
    });
    await recordChange(trx, auditStep('ticket_job_declined', ticket, assignment, { reason }));
  });
  ctx.events.kick();
  return presentJob(ctx, assignment, ticket.id, 'declined');
}

/** A local date and time in Europe/Berlin ('2026-12-01T09:30') as a UTC instant. */
export function berlinLocalToIso(local: string): string {
  // With an offset ('Z', '+01:00') the time is that instant, as everywhere else in the API.
  if (/(?:Z|[+-]\d{2}:\d{2})$/i.test(local)) {
    const at = Date.parse(local);
    if (Number.isNaN(at)) throw fieldError('at', 'Bitte geben Sie Datum und Uhrzeit an.');
    return new Date(at).toISOString();
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local);
  if (!m) throw fieldError('at', 'Bitte geben Sie Datum und Uhrzeit an.');
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const instant = new TZDate(y, mo - 1, d, h, mi, 'Europe/Berlin');
  // The hour the clocks skip in spring (02:00–02:59 on the last Sunday of March) does not exist.
  if (instant.getHours() !== h || instant.getMinutes() !== mi)
    throw fieldError(
      'at',
      `Diese Uhrzeit gibt es am ${m[3]}.${m[2]}.${m[1]} nicht: Die Uhren werden um 2 Uhr auf 3 Uhr vorgestellt.`,
    );
  // Stored as UTC ('…Z') like every timestamp, so they compare as text on both databases.
  return new Date(instant.getTime()).toISOString();
}

/** How far ahead an appointment may lie: a typo in the year must not book 2062. */
const APPOINTMENT_MAX_AHEAD_MS = 2 * 366 * 24 * 3600 * 1000;

/** The craftsman agrees an appointment: 'Termin vereinbart', which the residents read with the time. */
export async function setAppointment(ctx: AppContext, token: string, local: string) {
  const { assignment, ticket } = await liveJob(ctx, token);
  if (assignment.state !== 'offered' && assignment.state !== 'accepted')
    throw nonFieldError('Dieser Auftrag ist bereits abgeschlossen.');
  const at = berlinLocalToIso(local);
  if (Date.parse(at) < Date.now() - 24 * 3600 * 1000) throw fieldError('at', 'Der Termin liegt in der Vergangenheit.');
  if (Date.parse(at) > Date.now() + APPOINTMENT_MAX_AHEAD_MS)
    throw fieldError('at', 'Der Termin liegt mehr als zwei Jahre in der Zukunft. Bitte prüfen Sie das Jahr.');
  await inTransaction(ctx.db, async (trx) => {
    if (assignment.state === 'offered')
      await repo.updateAssignment(trx, assignment.id, { state: 'accepted', responded_at: nowIso() });
    await repo.updateTicket(trx, ticket.id, { appointment_at: at });
    await changeStatus(
      trx,
      ctx,
      ticket,
      'appointment_set',
      craftsman(assignment.id),
      `Termin: ${berlinTime(at)} Uhr (${assignment.provider_name})`,
      { at, provider: assignment.provider_name },
    );
    await recordChange(trx, auditStep('ticket_job_appointment', ticket, assignment, { appointment_at: at }));
  });
  ctx.events.kick();
  return readJob(ctx, token);
}

/** The craftsman writes a note for the management (residents do not see it). */
export async function addJobNote(ctx: AppContext, token: string, text: string) {
  const { assignment, ticket } = await liveJob(ctx, token);
  await inTransaction(ctx.db, async (trx) => {
    await addEvent(trx, ctx, ticket, craftsman(assignment.id), { kind: 'note', text, internal: true });
    await recordChange(trx, auditStep('ticket_job_note', ticket, assignment));
  });
  return readJob(ctx, token);
}

/** The craftsman adds a photo (the damage, the repair); the residents see it in the timeline. */
export async function addJobPhoto(ctx: AppContext, token: string, read: () => Promise<FormFile>) {
  const { assignment, ticket } = await liveJob(ctx, token);
  await addLaterPhoto(ctx, ticket, craftsman(assignment.id), read, (trx) =>
    recordChange(trx, auditStep('ticket_job_photo', ticket, assignment)),
  );
  return readJob(ctx, token);
}

/**
 * The craftsman reports the job done: the ticket is 'Als erledigt gemeldet' until the manager
 * accepts it ('Abnehmen') or sends it back; the management hears of it, the residents once it is
 * accepted. The craftsman's words go into an internal note: the residents' timeline shows the status only. Before the agreed appointment it takes `early` (the page asks first). The page stays
 * readable, not writable, for 30 days.
 */
export async function finishJob(ctx: AppContext, token: string, text: string, early = false) {
  const { assignment, ticket } = await liveJob(ctx, token);
  if (assignment.state !== 'offered' && assignment.state !== 'accepted') throw nonFieldError(JOB_CLOSED);
  if (ticket.appointment_at && Date.parse(ticket.appointment_at) > Date.now() && !early)
    throw new ApiError(409, {
      detail: `Der vereinbarte Termin ist erst am ${berlinTime(ticket.appointment_at)} Uhr. Bitte bestätigen Sie, dass der Auftrag schon erledigt ist.`,
    });
  const now = nowIso();
  await inTransaction(ctx.db, async (trx) => {
    await repo.updateAssignment(trx, assignment.id, { state: 'done', done_at: now });
    await repo.updateTicket(trx, ticket.id, { reported_done_at: now });
    // The residents read only the status; what the craftsman wrote is for the management (and the audit).
    await changeStatus(trx, ctx, ticket, 'reported_done', craftsman(assignment.id), '', undefined, false);
    if (text.trim()) await addEvent(trx, ctx, ticket, craftsman(assignment.id), { kind: 'note', text, internal: true });
    await raise(trx, ctx, {
      type: 'ticket.awaiting',
      ticket: { id: ticket.id, number: ticket.number, locationId: ticket.location_id },
      what: `${assignment.provider_name} meldet den Auftrag als erledigt`,
    });
    await recordChange(trx, auditStep('ticket_job_done', ticket, assignment, { text }));
  });
  ctx.events.kick();
  return presentJob(ctx, { ...assignment, done_at: now }, ticket.id, 'done');
}
