import type {
  BuildingTicket,
  MyProviderRequest,
  MyReport,
  Ticket,
  TicketCategory,
  TicketListItem,
} from '@hausportal/contract';
import { config } from '@/config';
import {
  ApiError,
  api,
  getAll,
  getToken,
  isOnline,
  languageHeader,
  OFFLINE_MESSAGE,
  pauseBeforeSending,
  uploadWithProgress,
} from '@/lib/api-client';

/**
 * The contract's IDEMPOTENCY_HEADER, written out: importing a value from the contract's
 * tickets.ts brings all of its zod schemas along (25 kB gzip of zod), and this module is part
 * of the background sender that every signed-in start loads. outbox.test.ts checks they agree.
 */
const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** The fields of a report as the form collects them (ticketCreate of the contract, as text). */
export interface ReportFields {
  category_id: number;
  scope: 'apartment' | 'building';
  place: string;
  description: string;
  contact_consent: boolean;
  contact_phone: string;
  /** The receptionist at the desk reports for this apartment's resident ('' for one's own report). */
  for_apartment?: string;
}

/** GET /api/tickets/categories/: the location's categories, in the management's order. */
export function getCategories(): Promise<TicketCategory[]> {
  return getAll<TicketCategory>('/api/tickets/categories/');
}

/** GET /api/tickets/: the resident's own tickets and the building-wide ones they follow. */
export function getTickets(): Promise<TicketListItem[]> {
  return getAll<TicketListItem>('/api/tickets/');
}

/** GET /api/tickets/building/?category_id=: open building-wide tickets of that category ('Bereits gemeldet'). */
export function getBuildingTickets(categoryId: number): Promise<BuildingTicket[]> {
  return getAll<BuildingTicket>(`/api/tickets/building/?category_id=${categoryId}`);
}

/** GET /api/tickets/{id}/ with its public timeline. */
export function getTicket(id: number): Promise<Ticket> {
  return api.get<Ticket>(`/api/tickets/${id}/`);
}

/**
 * POST /api/tickets/ as multipart: the fields and the (already shrunk) photos in `photos`, with
 * the report's idempotency key, so that a repeated send creates one ticket (201, then 200 with
 * the same ticket). No pause before it: the outbox sends it, also in the background.
 */
export function createTicket(
  fields: ReportFields,
  photos: readonly File[],
  idempotencyKey: string,
  onProgress: (loaded: number, total: number) => void = () => undefined,
): Promise<Ticket> {
  const form = new FormData();
  form.append('category_id', String(fields.category_id));
  form.append('scope', fields.scope);
  form.append('place', fields.scope === 'building' ? fields.place : '');
  form.append('description', fields.description);
  form.append('contact_consent', fields.contact_consent ? 'true' : 'false');
  // A number without consent would never reach the craftsman; it is not sent at all.
  form.append('contact_phone', fields.contact_consent ? fields.contact_phone : '');
  if (fields.for_apartment) form.append('for_apartment', fields.for_apartment);
  for (const photo of photos) form.append('photos', photo, photo.name);
  return uploadWithProgress<Ticket>('/api/tickets/', form, onProgress, 'POST', {
    [IDEMPOTENCY_KEY_HEADER]: idempotencyKey,
  });
}

/** POST /api/tickets/{id}/photos/ with one photo in `photo`. */
export function addTicketPhoto(id: number, photo: File, onProgress: (loaded: number, total: number) => void) {
  const form = new FormData();
  form.append('photo', photo, photo.name);
  return uploadWithProgress<unknown>(`/api/tickets/${id}/photos/`, form, onProgress);
}

/** POST /api/tickets/{id}/messages/ after the spec's pause. */
export async function postTicketMessage(id: number, text: string): Promise<void> {
  await pauseBeforeSending();
  await api.post(`/api/tickets/${id}/messages/`, { text });
}

export interface AffectedResult {
  id: number;
  affected_count: number;
  affected: boolean;
}

/** POST /api/tickets/{id}/affected/: 'Betrifft mich auch'. */
export async function joinTicket(id: number): Promise<AffectedResult> {
  await pauseBeforeSending();
  return api.post<AffectedResult>(`/api/tickets/${id}/affected/`);
}

/** DELETE /api/tickets/{id}/affected/: 'Betrifft mich nicht mehr'. */
export async function leaveTicket(id: number): Promise<void> {
  await pauseBeforeSending();
  await api.delete(`/api/tickets/${id}/affected/`);
}

/** POST /api/tickets/{id}/rating/: 1 to 5 stars and an optional text. */
export async function rateTicket(id: number, stars: number, text: string): Promise<void> {
  await pauseBeforeSending();
  await api.post(`/api/tickets/${id}/rating/`, { stars, text });
}

/** POST /api/tickets/{id}/reopen/ with the reason. */
export async function reopenTicket(id: number, text: string): Promise<void> {
  await pauseBeforeSending();
  await api.post(`/api/tickets/${id}/reopen/`, { text });
}

/**
 * GET /api/tickets/{id}/receipt.pdf as a Blob. A plain link would not carry the token (it
 * travels in the Authorization header, never in a cookie), so the app fetches the file itself.
 */
export async function getReceipt(id: number): Promise<Blob> {
  if (!isOnline()) throw new ApiError(0, OFFLINE_MESSAGE);
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`${config.apiHost}/api/tickets/${id}/receipt.pdf`, {
      headers: { ...languageHeader(), ...(token ? { Authorization: `Token ${token}` } : {}) },
    });
  } catch {
    throw new ApiError(0, OFFLINE_MESSAGE);
  }
  if (!response.ok) throw new ApiError(response.status, await response.text().catch(() => response.statusText));
  return response.blob();
}

/** GET /api/requests/, every page: the resident's own provider requests with status and note. */
export function getMyRequests(): Promise<MyProviderRequest[]> {
  return getAll<MyProviderRequest>('/api/requests/');
}

/** GET /api/reports/, every page: what the resident reported and what was decided. */
export function getMyReports(): Promise<MyReport[]> {
  return getAll<MyReport>('/api/reports/');
}
