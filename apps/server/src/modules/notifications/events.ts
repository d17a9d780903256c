import type { ModeratedKind } from '@hausportal/contract';
import type { DB } from '../../db/database.js';
import * as repo from './notifications.repository.js';
import { snippet, type Notifier } from './notifier.js';

// The events the product announces (issue 10), each written in the transaction of its cause.
// Texts are German; routes are the resident app's (apps/web) and the back office's.

const HOUR = 3_600_000;

const requestStatusLabel: Record<string, string> = {
  new: 'Neu',
  in_progress: 'In Bearbeitung',
  done: 'Erledigt',
};

/**
 * A manager approved or rejected a post or comment: the author learns it (with the reason), and
 * an approval reaches the readers: a post the location's residents (bundled hourly), a comment
 * the post's author.
 */
export async function moderated(
  trx: DB,
  notifier: Notifier,
  kind: ModeratedKind,
  id: number,
  status: 'approved' | 'rejected',
  reason: string | null,
  opts: { afterReport?: boolean } = {},
): Promise<void> {
  const isPost = kind === 'message';
  const item = isPost ? await repo.postOf(trx, id) : await repo.commentOf(trx, id);
  const url = `/messages/view/${isPost ? item.id : (item as Awaited<ReturnType<typeof repo.commentOf>>).message_id}`;
  const what = isPost ? 'Ihr Beitrag' : 'Ihr Kommentar';
  if (status === 'rejected') {
    const title = opts.afterReport ? `${what} wurde nach einer Meldung entfernt` : `${what} wurde abgelehnt`;
    const because = reason ? `Begründung: ${reason}` : 'Die Hausverwaltung hat keine Begründung angegeben.';
    await notifier.notify(trx, [item.user_id], {
      kind: 'moderation',
      title,
      body: because,
      url,
      mail: {
        subject: title,
        paragraphs: [
          `${title}: „${snippet(item.text)}“`,
          because,
          ...(isPost && !opts.afterReport ? ['Sie können den Beitrag bearbeiten und erneut einreichen.'] : []),
        ],
        action: isPost ? 'Beitrag öffnen' : 'Beitrag mit Kommentar öffnen',
      },
    });
    return;
  }
  const title = `${what} ist freigegeben`;
  await notifier.notify(trx, [item.user_id], {
    kind: 'moderation',
    title,
    body: isPost ? 'Ihre Nachbarn sehen ihn jetzt auf der Pinnwand.' : 'Er ist jetzt unter dem Beitrag zu sehen.',
    url,
    mail: {
      subject: title,
      paragraphs: [`${title}: „${snippet(item.text)}“`],
      action: isPost ? 'Beitrag ansehen' : 'Beitrag mit Kommentar ansehen',
    },
  });
  if (isPost) {
    await notifier.notify(trx, await repo.readersOf(trx, [item.location_id], item.user_id), {
      kind: 'posts',
      title: 'Neuer Beitrag auf der Pinnwand',
      body: `${item.name}: ${snippet(item.text)}`,
      url,
      bundle: { windowMs: HOUR, title: (n) => `${n} neue Beiträge auf der Pinnwand`, url: '/blackboard' },
      mail: {
        subject: 'Neuer Beitrag auf der Pinnwand',
        paragraphs: [`${item.name} hat auf der Pinnwand geschrieben:`, snippet(item.text, 500)],
        action: 'Beitrag ansehen',
      },
    });
    return;
  }
  const comment = item as Awaited<ReturnType<typeof repo.commentOf>>;
  if (comment.post_author_id === comment.user_id) return;
  await notifier.notify(trx, [comment.post_author_id], {
    kind: 'comments',
    title: 'Neuer Kommentar zu Ihrem Beitrag',
    body: `${comment.name}: ${snippet(comment.text)}`,
    url,
    mail: {
      subject: 'Neuer Kommentar zu Ihrem Beitrag',
      paragraphs: [`${comment.name} hat Ihren Beitrag kommentiert:`, snippet(comment.text, 500)],
      action: 'Kommentar ansehen',
    },
  });
}

/** A manager decided on reports: each reporter reads the decision; a removal also reaches the author. */
export async function reportsDecided(
  trx: DB,
  notifier: Notifier,
  kind: ModeratedKind,
  id: number,
  decision: 'remove' | 'keep',
  reason: string | null,
  reporterIds: number[],
  /** False when the item was already rejected: its author learnt of it then. */
  tellAuthor = true,
): Promise<void> {
  const body =
    decision === 'remove'
      ? `Der gemeldete Inhalt wurde entfernt.${reason ? ` Begründung: ${reason}` : ''}`
      : 'Der gemeldete Inhalt verstößt nach Prüfung nicht gegen die Regeln und bleibt sichtbar.';
  await notifier.notify(trx, reporterIds, {
    kind: 'reports',
    title: 'Ihre Meldung wurde geprüft',
    body,
    url: '/requests',
    mail: {
      subject: 'Ihre Meldung wurde geprüft',
      paragraphs: ['Vielen Dank für Ihre Meldung. Die Hausverwaltung hat sie geprüft.', body],
      action: 'Meine Meldungen ansehen',
    },
  });
  if (decision === 'remove' && tellAuthor)
    await moderated(trx, notifier, kind, id, 'rejected', reason, { afterReport: true });
}

/** A manager changed a request's status or note: the resident who sent it learns it. */
export async function requestChanged(trx: DB, notifier: Notifier, requestId: number): Promise<void> {
  const r = await repo.requestOf(trx, requestId);
  const status = requestStatusLabel[r.status] ?? r.status;
  const body = r.note ? `${status}. Notiz der Hausverwaltung: ${r.note}` : `${status}.`;
  await notifier.notify(trx, [r.user_id], {
    kind: 'requests',
    title: `Ihre Anfrage an ${r.name}: ${status}`,
    body,
    url: '/requests',
    mail: {
      subject: `Ihre Anfrage an ${r.name}: ${status}`,
      paragraphs: [`Der Stand Ihrer Anfrage an ${r.name} hat sich geändert.`, body],
      action: 'Meine Anfragen ansehen',
    },
  });
}

/** A notice was published: the residents of its locations; a 'Wichtig' one at once, in quiet hours too. */
export async function noticePublished(trx: DB, notifier: Notifier, noticeId: number): Promise<void> {
  const notice = await repo.noticeOf(trx, noticeId);
  const important = Boolean(notice.important);
  const title = important ? `Wichtig: ${notice.title}` : `Neuer Aushang: ${notice.title}`;
  await notifier.notify(trx, await repo.readersOf(trx, notice.locationIds), {
    kind: 'notices',
    title,
    body: snippet(notice.text),
    url: '/blackboard',
    urgent: important,
    mail: {
      subject: title,
      paragraphs: ['Die Hausverwaltung hat einen Aushang veröffentlicht:', notice.title, snippet(notice.text, 1000)],
      action: 'Zur Pinnwand',
    },
  });
}

/**
 * A manager uploaded a document (issue 22): the residents who can read it learn of it, those of
 * its apartment ('für Ihre Wohnung') or the whole location ('für das Haus').
 */
export async function documentAdded(
  trx: DB,
  notifier: Notifier,
  doc: { title: string; apartmentNumber: string | null },
  readerIds: number[],
): Promise<void> {
  const title = doc.apartmentNumber ? 'Neues Dokument für Ihre Wohnung' : 'Neues Dokument für das Haus';
  await notifier.notify(trx, readerIds, {
    kind: 'documents',
    title,
    body: doc.title,
    url: '/apartment',
    mail: {
      subject: `${title}: ${doc.title}`,
      paragraphs: [
        `Die Hausverwaltung hat ein Dokument hochgeladen: „${doc.title}“.`,
        'Sie finden es in der App unter „Meine Wohnung“.',
      ],
      action: 'Dokument ansehen',
    },
  });
}

/**
 * A post or comment awaits moderation, or a resident reported one: the location's managers (and the admins) hear of it, at
 * most one push per 15 minutes each; later ones update the waiting push's count.
 */
export async function awaitingModeration(
  trx: DB,
  notifier: Notifier,
  kind: ModeratedKind | 'report',
  locationId: number,
): Promise<void> {
  const where = await repo.locationTitle(trx, locationId);
  const body =
    kind === 'report'
      ? `Eine Meldung wartet auf Ihre Entscheidung (${where}).`
      : `${kind === 'message' ? 'Ein neuer Beitrag' : 'Ein neuer Kommentar'} wartet auf Freigabe (${where}).`;
  await notifier.notify(trx, await repo.staffOf(trx, locationId), {
    kind: 'queue',
    title: 'Neues in der Moderation',
    body,
    url: '/admin/moderation',
    bundle: { windowMs: 15 * 60_000, title: (n) => `${n} Einträge warten auf Freigabe`, url: '/admin/moderation' },
    mail: { subject: 'Neues in der Moderation', paragraphs: [body], action: 'Zur Moderation' },
  });
}

/**
 * News of a ticket (a status change, a message of the management, a craftsman's appointment):
 * its reporter and its followers hear of it, as each has chosen; `except` is who caused it.
 */
export async function ticketNews(
  trx: DB,
  notifier: Notifier,
  ticket: { id: number; number: string },
  news: { title: string; body: string; except?: number },
): Promise<void> {
  const audience = (await repo.ticketAudience(trx, ticket.id)).filter((id) => id !== news.except);
  const title = `Meldung ${ticket.number}: ${news.title}`;
  await notifier.notify(trx, audience, {
    kind: 'tickets',
    title,
    body: snippet(news.body, 180),
    url: `/tickets/${ticket.id}`,
    mail: {
      subject: title,
      paragraphs: [
        `Neuigkeiten zu Ihrer Schadensmeldung ${ticket.number}:`,
        news.title,
        snippet(news.body, 1000),
      ].filter(Boolean),
      action: 'Meldung ansehen',
    },
  });
}

/** A ticket needs the management (new, reopened, a resident wrote): the location's managers, at most one push per 15 minutes. */
export async function ticketAwaiting(
  trx: DB,
  notifier: Notifier,
  ticket: { id: number; number: string; locationId: number },
  what: string,
): Promise<void> {
  const where = await repo.locationTitle(trx, ticket.locationId);
  const body = `${what} (${ticket.number}, ${where}).`;
  await notifier.notify(trx, await repo.staffOf(trx, ticket.locationId), {
    kind: 'ticket_queue',
    title: 'Neues bei den Meldungen',
    body,
    url: `/admin/tickets/${ticket.id}`,
    bundle: { windowMs: 15 * 60_000, title: (n) => `${n} Neuigkeiten bei den Meldungen`, url: '/admin/tickets' },
    mail: { subject: 'Neues bei den Meldungen', paragraphs: [body], action: 'Zur Meldung' },
  });
}

const pieces = (n: number) => (n === 1 ? '1 Stück' : `${n} Stück`);

/** A parcel was logged at the reception: the apartment's residents, pushes bundled per minute. */
export async function parcelArrived(
  trx: DB,
  notifier: Notifier,
  residentIds: number[],
  parcel: { carrier: string; pieces: number },
): Promise<void> {
  const body = `${parcel.carrier}, ${pieces(parcel.pieces)}. Ihren Abholcode finden Sie in der App.`;
  await notifier.notify(trx, residentIds, {
    kind: 'parcels',
    title: 'Paket an der Rezeption',
    body,
    url: '/pakete',
    bundle: { windowMs: 60_000, title: (n) => `${n} Pakete an der Rezeption`, url: '/pakete' },
    mail: {
      subject: 'Paket an der Rezeption',
      paragraphs: [
        `An der Rezeption liegt ein Paket für Sie: ${parcel.carrier}, ${pieces(parcel.pieces)}.`,
        'Zeigen Sie bei der Abholung Ihren Abholcode vor; Sie finden ihn in der App.',
      ],
      action: 'Abholcode ansehen',
    },
  });
}

/** Parcels have waited 3 days: one reminder to the apartment's residents. */
export async function parcelReminder(trx: DB, notifier: Notifier, residentIds: number[], total: number) {
  const body = `An der Rezeption warten seit einigen Tagen Pakete auf Sie (${pieces(total)}).`;
  await notifier.notify(trx, residentIds, {
    kind: 'parcels',
    title: 'Erinnerung: Paket abholen',
    body,
    url: '/pakete',
    mail: { subject: 'Erinnerung: Paket abholen', paragraphs: [body], action: 'Abholcode ansehen' },
  });
}

/** News of a resident's booking (confirmation, decision, cancellation by a manager, reminder). */
export async function bookingNews(
  trx: DB,
  notifier: Notifier,
  userId: number,
  news: { title: string; body: string },
): Promise<void> {
  await notifier.notify(trx, [userId], {
    kind: 'bookings',
    title: news.title,
    body: snippet(news.body, 180),
    url: '/buchen/meine',
    mail: { subject: news.title, paragraphs: [news.body], action: 'Meine Buchungen' },
  });
}
