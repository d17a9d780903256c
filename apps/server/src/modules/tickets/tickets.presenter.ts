import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import {
  TICKET_REOPEN_DAYS,
  TICKET_SCOPE_LABELS,
  TICKET_STATUS_LABELS,
  type AdminTicketStats,
  type AdminTicket,
  type AdminTicketEvent,
  type AdminTicketListItem,
  type BuildingTicket,
  type CraftsmanJob,
  type Ticket,
  type TicketAuthor,
  type TicketEvent,
  type TicketEventKind,
  type TicketListItem,
  type TicketCategory,
  type TicketPhoto,
  parseTranslations,
  translated,
  addressOf,
  formatAddress,
  mapUrl,
} from '@hausportal/contract';
import type { Config } from '../../config/config.js';
import { berlinFormat } from '../../i18n/format.js';
import { german, translator, type Translator } from '../../i18n/index.js';
import type { UrlSigner } from '../../lib/signing.js';
import { translationsOf } from '../../lib/translations.js';
import { renderMail } from '../../outbox/mail-layout.js';
import type { Mail } from '../../outbox/mail-outbox.js';
import type {
  AdminCategoryRow,
  AdminListRow,
  AssignmentRow,
  CategoryRow,
  EventRow,
  PhotoRow,
  TicketPlace,
  TicketRow,
  ticketsForStats,
} from './tickets.repository.js';

const DAY_MS = 24 * 3600 * 1000;

/** `DD.MM.YYYY, HH:mm` in Europe/Berlin, as the app shows times (product §5.10). */
export const berlinTime = (iso: string): string => berlinFormat('de').dateTime(iso);

/** The year of a moment in Europe/Berlin: a report on New Year's Eve at 23:30 belongs to that year. */
export const berlinYear = (ms: number): number => new TZDate(ms, 'Europe/Berlin').getFullYear();

/** `2026-000123`. */
export const ticketNumber = (year: number, sequence: number): string => `${year}-${String(sequence).padStart(6, '0')}`;

/** A category as residents read it: its name in `language` where the management translated it. */
export const toCategory = (
  c: Pick<CategoryRow, 'id' | 'name' | 'emergency' | 'translations'>,
  language = 'de',
): TicketCategory => ({
  id: c.id,
  name: translated(parseTranslations(c.translations), language, 'name', c.name),
  emergency: Boolean(c.emergency),
});

/** The category of a ticket row (its columns prefixed `category_`). */
const categoryOf = (
  t: { category_id: number; category_name: string; category_emergency: number; category_translations: string },
  language: string,
) =>
  toCategory(
    {
      id: t.category_id,
      name: t.category_name,
      emergency: t.category_emergency,
      translations: t.category_translations,
    },
    language,
  );

/**
 * A ticket photo with its links: bound to the viewer's session `sid` for residents and staff
 * (ADR 026); the craftsman, who has no session, gets plain hourly links on the job's page.
 */
export const toPhoto = (p: PhotoRow, signer: UrlSigner, sid?: number): TicketPhoto => ({
  id: p.id,
  url: (sid === undefined ? signer.url(p.file_key) : signer.boundUrl(p.file_key, sid))!,
  thumbnail: (sid === undefined ? signer.url(p.thumbnail_key) : signer.boundUrl(p.thumbnail_key, sid))!,
  created_at: p.created_at,
  original: Boolean(p.original),
});

/** Who wrote an entry, as a resident may read it: never another resident's name. */
function authorFor(e: EventRow, viewerId: number): TicketAuthor {
  if (e.author === 'resident') return e.user_id === viewerId ? 'you' : 'resident';
  return e.author;
}

/**
 * 'Termin: 02.12.2026, 14:00 Uhr (Sanitär Müller)', as a craftsman's appointment is stored; rows
 * stored before the date came first (issue 33) read 'Termin: 14:00, 02.12.2026 Uhr (…)'.
 */
const STORED_APPOINTMENT =
  /^Termin: (?:(?<d1>\d\d)\.(?<mo1>\d\d)\.(?<y1>\d{4}), (?<h1>\d\d):(?<mi1>\d\d)|(?<h2>\d\d):(?<mi2>\d\d), (?<d2>\d\d)\.(?<mo2>\d\d)\.(?<y2>\d{4})) Uhr \((?<provider>.*)\)$/s;

/**
 * The text of an entry in the reader's language: the lines the craftsman's steps store in German
 * ('Auftrag angenommen', 'Termin: … Uhr (…)') are written anew; what people wrote stays as written.
 */
function eventText(e: EventRow, tr: Translator): string {
  // What the craftsman wrote with 'erledigt' is for the management; rows stored before it became an
  // internal note (issue 33) kept it on the status step, which the residents read as the status only.
  if (e.author === 'craftsman' && e.kind === 'status' && e.status === 'reported_done') return '';
  if (tr.language === 'de' || e.author !== 'craftsman') return e.text;
  if (e.kind === 'craftsman' && e.text === german().t('tickets.accepted')) return tr.t('tickets.accepted');
  const m = e.status === 'appointment_set' ? STORED_APPOINTMENT.exec(e.text) : null;
  if (!m) return e.text;
  const g = m.groups!;
  const part = (name: string) => Number(g[`${name}1`] ?? g[`${name}2`]);
  const at = new TZDate(part('y'), part('mo') - 1, part('d'), part('h'), part('mi'), 'Europe/Berlin');
  const provider = g.provider ?? '';
  return tr.t('tickets.appointment', { time: tr.time.dateTime(at.getTime()), provider });
}

/** A public timeline entry for a resident (internal notes are never passed in), in their language. */
export const toEvent = (e: EventRow, viewerId: number, tr: Translator = german()): TicketEvent => ({
  id: e.id,
  kind: e.kind as TicketEventKind,
  author: authorFor(e, viewerId),
  status: e.status,
  text: eventText(e, tr),
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
  sid: number,
  tr: Translator = german(),
): Ticket {
  const until = relation === 'reporter' ? reopenUntil(t) : null;
  return {
    id: t.id,
    number: t.number,
    created_at: t.created_at,
    status: t.status,
    category: categoryOf(t, tr.language),
    scope: t.scope,
    place: t.place,
    description: t.description,
    relation,
    contact_consent: relation === 'reporter' && Boolean(t.contact_consent),
    affected_count: Number(t.follower_count ?? 0) + 1,
    photos: photos.map((p) => toPhoto(p, signer, sid)),
    events: events.map((e) => toEvent(e, viewerId, tr)),
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
  category_translations: string;
};

/** A line of the resident's own tickets, the category in `language` where translated. */
export const toListItem = (t: OwnRow, viewerId: number, language = 'de'): TicketListItem => ({
  id: t.id,
  number: t.number,
  created_at: t.created_at,
  updated_at: t.last_activity_at,
  status: t.status,
  category_name: translated(parseTranslations(t.category_translations), language, 'name', t.category_name),
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
  category_translations: string;
  follower_count: number | string | null;
  followed: unknown;
};

/** A building-wide ticket for any resident of the location: no names, only how many it concerns. */
export const toBuildingTicket = (t: BuildingRow, viewerId: number, language = 'de'): BuildingTicket => ({
  id: t.id,
  number: t.number,
  created_at: t.created_at,
  status: t.status,
  category: categoryOf(t, language),
  place: t.place,
  description: t.description,
  affected_count: Number(t.follower_count ?? 0) + 1,
  affected: t.reporter_id === viewerId || Boolean(Number(t.followed)),
});

/** The mail with the receipt of a report, the PDF attached, in the reporter's language. */
export function receiptMail(
  config: Pick<Config, 'appName' | 'publicUrl'>,
  r: { number: string; ticketId: number; name: string; email: string; language: string | null; pdf: Buffer },
): Mail {
  const { t, language } = translator(r.language);
  const { number } = r;
  return {
    to: r.email,
    subject: t('receiptMail.subject', { number }),
    attachments: [{ filename: t('receiptMail.filename', { number }), contentType: 'application/pdf', content: r.pdf }],
    ...renderMail({
      appName: config.appName,
      language,
      greeting: t('mail.greeting', { name: r.name }),
      paragraphs: [t('receiptMail.received', { number }), t('receiptMail.attached'), t('receiptMail.updates')],
      action: { label: t('tickets.view'), url: `${config.publicUrl}/tickets/${r.ticketId}` },
    }),
  };
}

/** An excerpt of a ticket's text for a list line. */
const excerpt = (text: string, max = 140) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
};

/** A line of the back office's ticket list and board. */
export const toAdminListItem = (t: AdminListRow): AdminTicketListItem => ({
  id: t.id,
  number: t.number,
  location_id: t.location_id,
  location_title: t.location_title,
  created_at: t.created_at,
  last_activity_at: t.last_activity_at,
  status: t.status,
  category_name: t.category_name,
  scope: t.scope,
  place: t.place,
  excerpt: excerpt(t.description),
  reporter:
    t.reporter_id === null
      ? null
      : { id: t.reporter_id, name: t.reporter_name ?? '', apartment_number: t.reporter_apartment ?? '' },
  affected_count: Number(t.follower_count ?? 0) + 1,
  assignee:
    t.assignee_provider_id === null ? null : { provider_id: t.assignee_provider_id, name: t.assignee_name ?? '' },
  stale: Boolean(Number(t.stale)),
  photo_count: Number(t.photo_count ?? 0),
});

/** Who wrote an entry, as the management reads it: with names, and for a craftsman the company. */
function authorName(e: EventRow): string {
  if (e.author === 'craftsman') return e.provider_name ?? 'Handwerker';
  if (e.author === 'system') return '';
  if (e.api_key_name !== null) return `Schnittstelle „${e.api_key_name}“`;
  return e.user_name ?? '';
}

export const toAdminEvent = (e: EventRow): AdminTicketEvent => ({
  id: e.id,
  kind: e.kind as TicketEventKind,
  author: e.author,
  status: e.status,
  text: e.text,
  created_at: e.created_at,
  author_name: authorName(e),
  internal: Boolean(e.internal),
});

/** How long the page of a job reported done stays readable: the craftsman keeps the job's details for the invoice. */
export const READABLE_AFTER_DONE_MS = 30 * 24 * 3600 * 1000;

/** Until when a job the craftsman reported done stays readable; null while it is live. */
export const readableUntil = (a: { state: string; done_at: string | null }) =>
  a.state === 'done' && a.done_at ? new Date(Date.parse(a.done_at) + READABLE_AFTER_DONE_MS).toISOString() : null;

export const toAssignment = (a: AssignmentRow) => ({
  id: a.id,
  provider_id: a.provider_id,
  provider_name: a.provider_name,
  state: a.state,
  appointment_at: null as string | null,
  created_at: a.created_at,
  active: a.ended_at === null,
  readable_until: readableUntil(a),
});

/**
 * A ticket as the management reads it: everything, internal notes included. Without `sid` (an
 * integration key has no session) the photo links are signed and expiring but not session-bound.
 */
export function toAdminTicket(
  line: AdminListRow,
  t: TicketRow,
  photos: PhotoRow[],
  events: EventRow[],
  assignment: AssignmentRow | undefined,
  signer: UrlSigner,
  sid: number | undefined,
): AdminTicket {
  return {
    ...toAdminListItem(line),
    description: t.description,
    category_id: t.category_id,
    contact_consent: Boolean(t.contact_consent),
    contact_phone: t.contact_phone,
    source: t.source,
    photos: photos.map((p) => toPhoto(p, signer, sid)),
    events: events.map(toAdminEvent),
    assignment: assignment ? { ...toAssignment(assignment), appointment_at: t.appointment_at } : null,
    appointment_at: t.appointment_at,
    merged_into: t.merged_into_id === null ? null : { id: t.merged_into_id, number: t.merged_into_number ?? '' },
    rating: t.rating === null ? null : { stars: t.rating, text: t.rating_text },
    receipt_sha256: t.receipt_sha256,
    building_id: t.building_id,
    reported_done_at: t.reported_done_at,
  };
}

export const toAdminCategory = (c: AdminCategoryRow) => ({
  ...toCategory(c),
  location_id: c.location_id,
  sort_order: c.sort_order,
  archived: Boolean(c.archived),
  ticket_count: Number(c.ticket_count ?? 0),
  translations: translationsOf(c.translations),
});

/** A timeline entry as the craftsman reads it: the management and the craftsman by role, no resident names. */
export const toCraftsmanEvent = (e: EventRow): TicketEvent => ({
  id: e.id,
  kind: e.kind as TicketEventKind,
  author: e.author === 'resident' ? 'resident' : e.author,
  status: e.status,
  text: e.text,
  created_at: e.created_at,
});

/** Where the craftsman goes: the building's address where it has one, else the location's, and how to get in. */
export function toPlace(p: TicketPlace) {
  const building =
    p.building_name === null
      ? null
      : { street: p.building_street ?? '', postal_code: p.building_postal_code ?? '', city: p.building_city ?? '' };
  const address = addressOf(p, building);
  return {
    // Without a postal address the location's second name line is what there is (it often holds one).
    location_address: formatAddress(address) || (p.name && p.name !== p.title ? p.name : ''),
    building: p.building_name,
    access_note: p.building_access_note || p.access_note,
    map_url: mapUrl(address),
  };
}

/** The job as the craftsman's page shows it; the resident's contact only with their consent. */
export function toCraftsmanJob(
  t: TicketRow,
  a: { state: CraftsmanJob['state']; message: string; readableUntil: string | null },
  place: TicketPlace,
  photos: PhotoRow[],
  events: EventRow[],
  signer: UrlSigner,
): CraftsmanJob {
  return {
    number: t.number,
    location_title: t.location_title,
    ...toPlace(place),
    read_only: a.readableUntil !== null,
    readable_until: a.readableUntil,
    category_name: t.category_name,
    scope: t.scope,
    place: t.place,
    description: t.description,
    message: a.message,
    status: t.status,
    state: a.state,
    appointment_at: t.appointment_at,
    contact: t.contact_consent
      ? { name: t.reporter_name ?? '', apartment_number: t.reporter_apartment ?? '', phone: t.contact_phone }
      : null,
    photos: photos.map((p) => toPhoto(p, signer)),
    events: events.map(toCraftsmanEvent),
  };
}

/** The mail that hands a job to a craftsman, with the link to the page that needs no account. */
export function assignmentMail(
  config: Pick<Config, 'appName' | 'publicUrl'>,
  a: {
    to: string;
    provider: string;
    number: string;
    location: string;
    category: string;
    message: string;
    link: string;
    /** Where to go and how to get in (toPlace). */
    place: { location_address: string; building: string | null; access_note: string; map_url: string | null };
  },
): Mail {
  const where = [a.place.building, a.place.location_address].filter(Boolean).join(', ');
  return {
    to: a.to,
    subject: `Auftrag ${a.number}: ${a.category} (${a.location})`,
    ...renderMail({
      appName: config.appName,
      greeting: `Guten Tag ${a.provider},`,
      paragraphs: [
        `die Hausverwaltung bittet Sie um die Behebung eines Schadens (Meldung ${a.number}, ${a.category}, ${a.location}).`,
        ...(where ? [`Adresse: ${where}${a.place.map_url ? ` (Karte: ${a.place.map_url})` : ''}`] : []),
        ...(a.place.access_note ? [`Zugang: ${a.place.access_note}`] : []),
        ...(a.message ? [`Nachricht der Hausverwaltung: ${a.message}`] : []),
        'Über den Link sehen Sie die Meldung mit Fotos, nehmen den Auftrag an oder lehnen ihn ab, vereinbaren einen Termin und melden ihn als erledigt. Ein Konto brauchen Sie dafür nicht.',
      ],
      action: { label: 'Auftrag öffnen', url: a.link },
      after: ['Bitte geben Sie den Link nicht weiter: Wer ihn hat, kann den Auftrag bearbeiten.'],
    }),
  };
}

/** The mail that tells a craftsman the management sent their 'erledigt' back, and why. */
export function returnedMail(
  config: Pick<Config, 'appName' | 'publicUrl'>,
  a: { to: string; provider: string; number: string; reason: string },
): Mail {
  return {
    to: a.to,
    subject: `Auftrag ${a.number}: Erledigt-Meldung zurückgegeben`,
    ...renderMail({
      appName: config.appName,
      greeting: `Guten Tag ${a.provider},`,
      paragraphs: [
        `die Hausverwaltung hat Ihre Erledigt-Meldung zu Auftrag ${a.number} zurückgegeben.`,
        `Begründung: ${a.reason}`,
        'Bitte öffnen Sie den Auftrag wieder über den Link aus unserer ersten E-Mail; er gilt wieder.',
      ],
    }),
  };
}

type StatsRow = Awaited<ReturnType<typeof ticketsForStats>>[number];

const median = (values: number[]): number | null => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const hoursBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 3_600_000;
const round1 = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);

/** Midnight of a Berlin date (YYYY-MM-DD), `plusDays` later, as a UTC instant. */
function berlinMidnight(date: string, plusDays = 0): TZDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d + plusDays, 0, 0, 'Europe/Berlin');
}

/** The UTC range of Berlin dates `from`…`to` (both whole days); default the last 90 days. */
export function statsPeriod(from: string | undefined, to: string | undefined, now = Date.now()) {
  const end = to ?? format(new TZDate(now, 'Europe/Berlin'), 'yyyy-MM-dd');
  const start = from ?? format(berlinMidnight(end, -89), 'yyyy-MM-dd');
  return {
    from: start,
    to: end,
    startAt: new Date(berlinMidnight(start).getTime()).toISOString(),
    endAt: new Date(berlinMidnight(end, 1).getTime()).toISOString(),
  };
}

/**
 * A location's figures over a period ('Auswertung'). A duplicate merged into another ticket and a
 * follower each count as a report the other ticket stood for, so 'reports per ticket' shows how
 * many reports the building-wide tickets saved.
 */
export function toStats(rows: StatsRow[], period: { from: string; to: string }): AdminTicketStats {
  const tickets = rows.filter((r) => r.merged_into_id === null);
  const duplicates = rows.length - tickets.length;
  const followers = tickets.reduce((n, r) => n + Number(r.follower_count ?? 0), 0);
  const byCategory = new Map<string, number>();
  for (const r of tickets) byCategory.set(r.category_name, (byCategory.get(r.category_name) ?? 0) + 1);
  const ratings = tickets.flatMap((r) => (r.rating === null ? [] : [r.rating]));
  return {
    from: period.from,
    to: period.to,
    tickets: tickets.length,
    by_category: [...byCategory]
      .map(([category, n]) => ({ category, tickets: n }))
      .sort((a, b) => b.tickets - a.tickets || a.category.localeCompare(b.category, 'de')),
    median_first_response_hours: round1(
      median(tickets.flatMap((r) => (r.first_response_at ? [hoursBetween(r.created_at, r.first_response_at)] : []))),
    ),
    median_done_hours: round1(
      median(tickets.flatMap((r) => (r.status === 'done' && r.done_at ? [hoursBetween(r.created_at, r.done_at)] : []))),
    ),
    average_rating: ratings.length ? round1(ratings.reduce((a, b) => a + b, 0) / ratings.length) : null,
    ratings: ratings.length,
    reports_per_ticket: tickets.length
      ? Math.round(((tickets.length + followers + duplicates) / tickets.length) * 100) / 100
      : null,
    avoided_reports: followers + duplicates,
  };
}

/**
 * A number as German Excel reads it: a decimal comma ('0,3'), since a point makes it text or a
 * date there.
 */
const csvNumber = (n: number | null) => (n === null ? null : String(n).replace('.', ','));

/** A moment as German Excel reads a date and time: '02.12.2026 16:45' (Berlin time, date first). */
const csvDateTime = (iso: string) => format(new TZDate(iso, 'Europe/Berlin'), 'dd.MM.yyyy HH:mm');

const csvCell = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  // Formula injection: a cell a spreadsheet would evaluate gets a leading apostrophe.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[";\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/**
 * The tickets of a period as CSV for a spreadsheet, as German Excel expects it: semicolons, a BOM,
 * dates as 'DD.MM.YYYY HH:MM' and decimal commas, so dates sort and hours sum there.
 */
export function statsCsv(rows: StatsRow[]): string {
  const head = [
    'Nummer',
    'Eingegangen',
    'Kategorie',
    'Ort',
    'Status',
    'Erste Reaktion (h)',
    'Erledigt nach (h)',
    'Bewertung',
    'Betroffene',
    'Zusammengeführt',
  ];
  const lines = rows.map((r) =>
    [
      r.number,
      csvDateTime(r.created_at),
      r.category_name,
      r.place ? `${TICKET_SCOPE_LABELS[r.scope]}: ${r.place}` : TICKET_SCOPE_LABELS[r.scope],
      TICKET_STATUS_LABELS[r.status],
      r.first_response_at ? csvNumber(round1(hoursBetween(r.created_at, r.first_response_at))) : null,
      r.status === 'done' && r.done_at ? csvNumber(round1(hoursBetween(r.created_at, r.done_at))) : null,
      r.rating,
      Number(r.follower_count ?? 0) + 1,
      r.merged_into_id === null ? '' : 'ja',
    ]
      .map(csvCell)
      .join(';'),
  );
  return `\uFEFF${[head.join(';'), ...lines].join('\r\n')}\r\n`;
}
