import type { Ticket } from '@hausportal/contract';
import { ApiError, parseErrorBody } from '@/lib/api-client';
import { idbDelete, idbGet, idbGetAll, idbPut } from '@/lib/idb';
import { createTicket, type ReportFields } from './api';

// Reports wait here, on the device (IndexedDB), until the server has them. Every
// report goes through the outbox, also when the phone is online: a reply lost on a weak
// connection, a closed app or a reload in the middle of the upload leave the report here, and it
// is sent again with the same idempotency key, so the server still creates exactly one ticket.

const STORE = 'ticket-outbox';

/** A photo as stored: the bytes, not a Blob, which older Safari could not keep in IndexedDB. */
export interface PendingPhoto {
  name: string;
  type: string;
  data: ArrayBuffer;
}

export interface PendingReport {
  /** The idempotency key, made once per report (crypto.randomUUID()); also the record's key. */
  key: string;
  /** The resident who wrote it: only their session sends it, and only they see it. */
  userId: number;
  createdAt: string;
  fields: ReportFields;
  /** What 'Meine Meldungen' shows before the server knows the report. */
  categoryName: string;
  photos: PendingPhoto[];
  /** 'pending' waits for a connection; 'failed' was refused (4xx) and waits for the resident. */
  state: 'pending' | 'failed';
  /** The server's reason for a refusal, as it said it (German); empty when it gave none. */
  error: string;
}

export type SendOutcome =
  | { kind: 'sent'; ticket: Ticket }
  /** No connection, a server error or a throttle: the report stays and is tried again later. */
  | { kind: 'waiting' }
  /** Refused (4xx): kept with the reason, not tried again by itself. */
  | { kind: 'failed'; error: string; body: unknown }
  /** Sent already by another attempt (the form and the background sender met): nothing to do. */
  | { kind: 'gone' };

const listeners = new Set<() => void>();
/** The tickets made from reports in this session, by the report's key: the form's card shows its number. */
const sentTickets = new Map<string, Ticket>();

/** The ticket a report kept on the device became, once it is sent (in this session). */
export function sentTicketOf(key: string): Ticket | undefined {
  return sentTickets.get(key);
}
/** Reports being sent now, so that the form and the background sender never send one twice at once. */
const inFlight = new Map<string, Promise<SendOutcome>>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever a report is kept, sent, refused or discarded. */
export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function toPendingPhoto(file: File): Promise<PendingPhoto> {
  return { name: file.name, type: file.type || 'image/jpeg', data: await file.arrayBuffer() };
}

function toFile(photo: PendingPhoto): File {
  return new File([photo.data], photo.name, { type: photo.type });
}

/** Keeps a report on the device (before it is sent, so nothing is lost whatever happens next). */
export async function keepReport(report: PendingReport): Promise<void> {
  await idbPut(STORE, report);
  changed();
}

/** The reports of this resident still on the device, oldest first. */
export async function pendingReports(userId: number): Promise<PendingReport[]> {
  const all = await idbGetAll<PendingReport>(STORE);
  return all.filter((r) => r.userId === userId).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Removes a report the resident no longer wants sent. */
export async function discardReport(key: string): Promise<void> {
  await idbDelete(STORE, key);
  changed();
}

/** Whether a failure means "try again later" (no connection, the server's trouble, a throttle). */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  // 401 ends the session; the report stays until this resident signs in again.
  return (
    error.status === 0 || error.status === 401 || error.status === 408 || error.status === 429 || error.status >= 500
  );
}

/** The server's German reason of a refusal: `detail`, or the field messages joined. */
export function refusalText(error: unknown): string {
  const body = parseErrorBody(error);
  if (typeof body === 'string') return body.startsWith('<') ? '' : body;
  if (!body || typeof body !== 'object') return '';
  const parts: string[] = [];
  for (const value of Object.values(body as Record<string, unknown>)) {
    if (typeof value === 'string') parts.push(value);
    else if (Array.isArray(value)) parts.push(...value.filter((v): v is string => typeof v === 'string'));
  }
  return parts.join(' ');
}

async function attempt(
  report: PendingReport,
  onProgress?: (loaded: number, total: number) => void,
): Promise<SendOutcome> {
  // A list read before another send finished may hold a report that is gone by now.
  if (!(await idbGet<PendingReport>(STORE, report.key))) return { kind: 'gone' };
  try {
    const ticket = await createTicket(report.fields, report.photos.map(toFile), report.key, onProgress);
    sentTickets.set(report.key, ticket);
    await idbDelete(STORE, report.key);
    changed();
    return { kind: 'sent', ticket };
  } catch (error) {
    if (isTransient(error)) {
      // A refusal kept from before is tried again now: it waits again, without the old reason.
      if (report.state !== 'pending') await keepReport({ ...report, state: 'pending', error: '' });
      return { kind: 'waiting' };
    }
    const reason = refusalText(error);
    await keepReport({ ...report, state: 'failed', error: reason });
    return { kind: 'failed', error: reason, body: parseErrorBody(error) };
  }
}

/**
 * Sends one report kept on the device with its own idempotency key. A report already on its way
 * is not sent a second time: the caller gets the outcome of the send that is running.
 */
export function sendReport(
  report: PendingReport,
  onProgress?: (loaded: number, total: number) => void,
): Promise<SendOutcome> {
  const running = inFlight.get(report.key);
  if (running) return running;
  const sending = attempt(report, onProgress).finally(() => {
    inFlight.delete(report.key);
    changed();
  });
  inFlight.set(report.key, sending);
  // The lists show 'Wird gerade gesendet …' from now on.
  changed();
  return sending;
}

/** Whether a report is being sent right now (for 'Wird gerade gesendet …'). */
export function isSending(key: string): boolean {
  return inFlight.has(key);
}

/** How a report handed to `submitReport` ended, for whoever handed it over. */
export type SubmitResult =
  | { kind: 'sent'; ticket: Ticket }
  /** On the device; the sender tries again when it can. `offline` says whether the browser was. */
  | { kind: 'kept'; offline: boolean }
  /** Refused (4xx), with the server's answer. */
  | { kind: 'refused'; body: unknown }
  /** Sent already by another attempt (the form and the background sender met). */
  | { kind: 'gone' };

/**
 * The one way a defect report leaves the device: the form's send, the report kept offline, the
 * retry in 'Meine Meldungen' and the background sender all come here. A new report is kept on the
 * device first, so nothing is lost whatever happens next, and waits there while offline; without
 * IndexedDB (a private mode) it is sent directly, or not at all. A refused new report leaves the
 * device again, because the form still holds it and the resident corrects it there; a refused
 * kept report stays with its reason until the resident sends or discards it.
 */
export async function submitReport(
  report: PendingReport,
  { isNew = false, onProgress }: { isNew?: boolean; onProgress?: (loaded: number, total: number) => void } = {},
): Promise<SubmitResult> {
  if (isNew) {
    try {
      await keepReport(report);
    } catch {
      try {
        const ticket = await createTicket(report.fields, report.photos.map(toFile), report.key, onProgress);
        return { kind: 'sent', ticket };
      } catch (failure) {
        return { kind: 'refused', body: parseErrorBody(failure) };
      }
    }
    if (!navigator.onLine) return { kind: 'kept', offline: true };
  }
  const outcome = await sendReport(report, onProgress);
  if (outcome.kind === 'waiting') return { kind: 'kept', offline: !navigator.onLine };
  if (outcome.kind !== 'failed') return outcome;
  if (isNew) await discardReport(report.key).catch(() => undefined);
  return { kind: 'refused', body: outcome.body };
}

async function flushOnce(userId: number): Promise<{ sent: Ticket[]; waiting: number }> {
  const sent: Ticket[] = [];
  let waiting = 0;
  for (const report of await pendingReports(userId)) {
    if (report.state !== 'pending') continue;
    const result = await submitReport(report);
    if (result.kind === 'sent') sent.push(result.ticket);
    if (result.kind === 'kept') waiting++;
  }
  return { sent, waiting };
}

/** The flush running now; the next one starts after it, so two never read the same list. */
let flushing: Promise<unknown> = Promise.resolve();

/**
 * Sends every waiting report of this resident, one after the other (a weak connection does
 * better with one upload at a time). Refused ones wait for the resident. Returns what was sent.
 * Flushes asked for at once (two 'online' events) run in turn, so each report is sent and
 * announced once.
 */
export function flushOutbox(userId: number): Promise<{ sent: Ticket[]; waiting: number }> {
  const next = flushing.then(() => flushOnce(userId));
  flushing = next.catch(() => undefined);
  return next;
}

/** How long the sender waits before trying again while the browser says it is online (5xx, 429). */
export const RETRY_MS = 60_000;

/**
 * The background sender of a signed-in resident: tries at once (the app just started), whenever
 * the connection returns, and a minute after a server error while online. `onSent` hears of
 * each ticket it created. Returns the stop function (logout, another resident).
 */
export function startOutboxSender(userId: number, onSent: (ticket: Ticket) => void = () => undefined): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = async () => {
    if (stopped) return;
    clearTimeout(timer);
    try {
      const { sent, waiting } = await flushOutbox(userId);
      if (stopped) return;
      for (const ticket of sent) onSent(ticket);
      if (waiting > 0 && navigator.onLine !== false) timer = setTimeout(() => void flush(), RETRY_MS);
    } catch {
      // IndexedDB unavailable (a private mode): nothing was kept, so nothing is lost.
    }
  };
  const onOnline = () => void flush();
  window.addEventListener('online', onOnline);
  void flush();
  return () => {
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener('online', onOnline);
  };
}
