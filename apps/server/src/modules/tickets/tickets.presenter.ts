import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import {
  TICKET_REOPEN_DAYS,
  type BuildingTicket,
  type Ticket,
  type TicketAuthor,
  type TicketEvent,
  type TicketEventKind,
  type TicketListItem,
  type TicketPhoto,
} from '@hausportal/contract';
import type { Config } from '../../config/config.js';
import type { UrlSigner } from '../../lib/signing.js';
import { renderMail } from '../../outbox/mail-layout.js';
import type { Mail } from '../../outbox/mail-outbox.js';
import type { CategoryRow, EventRow, PhotoRow, TicketRow } from './tickets.repository.js';

const DAY_MS = 24 * 3600 * 1000;

/** `HH:mm, DD.MM.YYYY` in Europe/Berlin, as the app shows times (product §5.10). */
export const berlinTime = (iso: string): string => format(new TZDate(iso, 'Europe/Berlin'), 'HH:mm, dd.MM.yyyy');

/** The year of a moment in Europe/Berlin: a report on New Year's Eve at 23:30 belongs to that year. */
export const berlinYear = (ms: number): number => new TZDate(ms, 'Europe/Berlin').getFullYear();

/** `2026-000123`. */
export const ticketNumber = (year: number, sequence: number): string => `${year}-${String(sequence).padStart(6, '0')}`;

export const toCategory = (c: CategoryRow | { id: number; name: string; emergency: number }) => ({
  id: c.id,
  name: c.name,
  emergency: Boolean(c.emergency),
});

export const toPhoto = (p: PhotoRow, signer: UrlSigner): TicketPhoto => ({
  id: p.id,
  url: signer.url(p.file_key)!,
  thumbnail: signer.url(p.thumbnail_key)!,
  created_at: p.created_at,
  original: Boolean(p.original),
});

/** Who wrote an entry, as a resident may read it: never another resident's name. */
function authorFor(e: EventRow, viewerId: number): TicketAuthor {
  if (e.author === 'resident') return e.user_id === viewerId ? 'you' : 'resident';
  return e.author;
}

/** A public timeline entry for a resident (internal notes are never passed in). */
export const toEvent = (e: EventRow, viewerId: number): TicketEvent => ({
  id: e.id,
  kind: e.kind as TicketEventKind,
  author: authorFor(e, viewerId),
  status: e.status,
  text: e.text,
  created_at: e.created_at,
});

/** Until when the reporter may rate or reopen a ticket: 14 days after 'Erledigt'. */
export function reopenUntil(t: { status: string; done_at: string | null }): string | null {
  if (t.status !== 'done' || !t.done_at) return null;
  return new Date(Date.parse(t.done_at) + TICKET_REOPEN_DAYS * DAY_MS).toISOString();
}

/** A ticket as its reporter or a follower reads it. */
export function toTicket(
  t: TicketRow,
  relation: 'reporter' | 'follower' | 'desk',
  viewerId: number,
  photos: PhotoRow[],
  events: EventRow[],
  signer: UrlSigner,
): Ticket {
  const until = relation === 'reporter' ? reopenUntil(t) : null;
  return {
    id: t.id,
    number: t.number,
    created_at: t.created_at,
    status: t.status,
    category: toCategory({ id: t.category_id, name: t.category_name, emergency: t.category_emergency }),
    scope: t.scope,
    place: t.place,
    description: t.description,
    // The receptionist who took a report at the desk reads it like a follower.
    relation: relation === 'reporter' ? 'reporter' : 'follower',
    contact_consent: relation === 'reporter' && Boolean(t.contact_consent),
    affected_count: Number(t.follower_count ?? 0) + 1,
    photos: photos.map((p) => toPhoto(p, signer)),
    events: events.map((e) => toEvent(e, viewerId)),
    appointment_at: t.appointment_at,
    rating: t.rating === null ? null : { stars: t.rating, text: t.rating_text },
    reopen_until: until && Date.parse(until) > Date.now() ? until : null,
    merged_into_id: t.merged_into_id,
  };
}

type OwnRow = {
  id: number;
  number: string;
  created_at: string;
  last_activity_at: string;
  status: Ticket['status'];
  scope: Ticket['scope'];
  place: string;
  reporter_id: number | null;
  category_name: string;
};

export const toListItem = (t: OwnRow, viewerId: number): TicketListItem => ({
  id: t.id,
  number: t.number,
  created_at: t.created_at,
  updated_at: t.last_activity_at,
  status: t.status,
  category_name: t.category_name,
  scope: t.scope,
  place: t.place,
  relation: t.reporter_id === viewerId ? 'reporter' : 'follower',
});

type BuildingRow = {
  id: number;
  number: string;
  created_at: string;
  status: Ticket['status'];
  place: string;
  description: string;
  reporter_id: number | null;
  category_id: number;
  category_name: string;
  category_emergency: number;
  follower_count: number | string | null;
  followed: unknown;
};

/** A building-wide ticket for any resident of the location: no names, only how many it concerns. */
export const toBuildingTicket = (t: BuildingRow, viewerId: number): BuildingTicket => ({
  id: t.id,
  number: t.number,
  created_at: t.created_at,
  status: t.status,
  category: toCategory({ id: t.category_id, name: t.category_name, emergency: t.category_emergency }),
  place: t.place,
  description: t.description,
  affected_count: Number(t.follower_count ?? 0) + 1,
  affected: t.reporter_id === viewerId || Boolean(Number(t.followed)),
});

/** The mail with the receipt of a report, the PDF attached. */
export function receiptMail(
  config: Pick<Config, 'appName' | 'publicUrl'>,
  t: { number: string; ticketId: number; name: string; email: string; pdf: Buffer },
): Mail {
  return {
    to: t.email,
    subject: `Eingangsbestätigung Ihrer Schadensmeldung ${t.number}`,
    attachments: [{ filename: `Eingangsbestaetigung-${t.number}.pdf`, contentType: 'application/pdf', content: t.pdf }],
    ...renderMail({
      appName: config.appName,
      greeting: `Guten Tag ${t.name},`,
      paragraphs: [
        `Ihre Schadensmeldung ist bei der Hausverwaltung eingegangen. Sie hat die Nummer ${t.number}.`,
        'Die Eingangsbestätigung hängt als PDF an dieser E-Mail. Sie belegt, wann die Meldung eingegangen ist und was sie enthielt.',
        'Über den Stand der Bearbeitung halten wir Sie in der App auf dem Laufenden.',
      ],
      action: { label: 'Meldung ansehen', url: `${config.publicUrl}/tickets/${t.ticketId}` },
    }),
  };
}
