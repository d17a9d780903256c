import type { ModeratedKind } from '@hausportal/contract';
import type { DB } from '../../db/database.js';
import { snippet, type Notifier } from './notifier.js';

// The events the product announces (issue 10), each written in the transaction of its cause.
// Texts are German; routes are the resident app's (apps/web) and the back office's.

const HOUR = 3_600_000;
/** Who reads the blackboard of a location. */
const READERS = ['resident', 'receptionist'] as const;

const requestStatusLabel: Record<string, string> = {
  new: 'Neu',
  in_progress: 'In Bearbeitung',
  done: 'Erledigt',
};

async function readersOf(trx: DB, locationIds: number[], except?: number): Promise<number[]> {
  let q = trx
    .selectFrom('users')
    .select('id')
    .where('location_id', 'in', locationIds.length ? locationIds : [-1])
    .where('role', 'in', READERS);
  if (except !== undefined) q = q.where('id', '!=', except);
  return (await q.execute()).map((r) => r.id);
}

async function postOf(trx: DB, id: number) {
  return trx
    .selectFrom('messages')
    .innerJoin('users', 'users.id', 'messages.user_id')
    .select(['messages.id', 'messages.text', 'messages.location_id', 'messages.user_id', 'users.name'])
    .where('messages.id', '=', id)
    .executeTakeFirstOrThrow();
}

async function commentOf(trx: DB, id: number) {
  return trx
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.user_id')
    .innerJoin('messages', 'messages.id', 'comments.message_id')
    .select([
      'comments.id',
      'comments.text',
      'comments.user_id',
      'comments.message_id',
      'users.name',
      'messages.user_id as post_author_id',
      'messages.location_id',
    ])
    .where('comments.id', '=', id)
    .executeTakeFirstOrThrow();
}

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
  const item = isPost ? await postOf(trx, id) : await commentOf(trx, id);
  const url = `/messages/view/${isPost ? item.id : (item as Awaited<ReturnType<typeof commentOf>>).message_id}`;
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
    await notifier.notify(trx, await readersOf(trx, [item.location_id], item.user_id), {
      kind: 'posts',
      title: 'Neuer Beitrag auf der Pinnwand',
      body: `${item.name}: ${snippet(item.text)}`,
      url,
      bundle: { windowMs: HOUR, title: (n) => `${n} neue Beiträge auf der Pinnwand`, url: '/messages' },
      mail: {
        subject: 'Neuer Beitrag auf der Pinnwand',
        paragraphs: [`${item.name} hat auf der Pinnwand geschrieben:`, snippet(item.text, 500)],
        action: 'Beitrag ansehen',
      },
    });
    return;
  }
  const comment = item as Awaited<ReturnType<typeof commentOf>>;
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
  const r = await trx
    .selectFrom('provider_requests')
    .innerJoin('providers', 'providers.id', 'provider_requests.provider_id')
    .select(['provider_requests.user_id', 'provider_requests.status', 'provider_requests.note', 'providers.name'])
    .where('provider_requests.id', '=', requestId)
    .executeTakeFirstOrThrow();
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
  const notice = await trx
    .selectFrom('notices')
    .select(['title', 'text', 'important'])
    .where('id', '=', noticeId)
    .executeTakeFirstOrThrow();
  const locations = await trx
    .selectFrom('notice_locations')
    .select('location_id')
    .where('notice_id', '=', noticeId)
    .execute();
  const important = Boolean(notice.important);
  const title = important ? `Wichtig: ${notice.title}` : `Neuer Aushang: ${notice.title}`;
  await notifier.notify(
    trx,
    await readersOf(
      trx,
      locations.map((l) => l.location_id),
    ),
    {
      kind: 'notices',
      title,
      body: snippet(notice.text),
      url: '/messages',
      urgent: important,
      mail: {
        subject: title,
        paragraphs: ['Die Hausverwaltung hat einen Aushang veröffentlicht:', notice.title, snippet(notice.text, 1000)],
        action: 'Zur Pinnwand',
      },
    },
  );
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
  const staff = await trx
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('role', '=', 'admin'),
        eb('id', 'in', eb.selectFrom('manager_locations').select('user_id').where('location_id', '=', locationId)),
      ]),
    )
    .execute();
  const location = await trx.selectFrom('locations').select('title').where('id', '=', locationId).executeTakeFirst();
  const where = location?.title ?? '';
  const body =
    kind === 'report'
      ? `Eine Meldung wartet auf Ihre Entscheidung (${where}).`
      : `${kind === 'message' ? 'Ein neuer Beitrag' : 'Ein neuer Kommentar'} wartet auf Freigabe (${where}).`;
  await notifier.notify(
    trx,
    staff.map((s) => s.id),
    {
      kind: 'queue',
      title: 'Neues in der Moderation',
      body,
      url: '/admin/moderation',
      bundle: { windowMs: 15 * 60_000, title: (n) => `${n} Einträge warten auf Freigabe`, url: '/admin/moderation' },
      mail: { subject: 'Neues in der Moderation', paragraphs: [body], action: 'Zur Moderation' },
    },
  );
}
