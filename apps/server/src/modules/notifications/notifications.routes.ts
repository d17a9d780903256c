import type { FastifyInstance, FastifyReply } from 'fastify';
import escapeHtml from 'escape-html';
import { z } from 'zod';
import { NOTIFICATION_KINDS, notificationSettings, textId, type NotificationSettings } from '@hausportal/contract';
import { german, translatorOf, type Translator } from '../../i18n/index.js';
import { moduleRoutes } from '../../lib/routes.js';
import { currentUser, requireUser } from '../auth/policies.js';
import { activeRecipient } from './notifications.repository.js';
import { loadSettings, saveSettings } from './preferences.js';
import type { UnsubscribeTopic } from './notifier.js';

/** The signed-in user's notification preferences. */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['notifications'], requireUser);
  const { db } = app.ctx;

  r.get(
    '/api/profile/notifications/',
    {
      schema: {
        summary: 'Benachrichtigungs-Einstellungen (Push und E-Mail je Art, Ruhezeit, Tageszusammenfassung)',
        response: { 200: notificationSettings },
      },
    },
    async (request) => loadSettings(db, currentUser(request).id),
  );

  r.put(
    '/api/profile/notifications/',
    {
      schema: {
        summary: 'Benachrichtigungs-Einstellungen speichern',
        body: notificationSettings,
        response: { 200: notificationSettings },
      },
    },
    async (request) => {
      await saveSettings(db, currentUser(request).id, request.body);
      return loadSettings(db, currentUser(request).id);
    },
  );
}

const TOPICS = [...NOTIFICATION_KINDS, 'digest'] as const;
const unsubscribeQuery = z.object({
  user: textId,
  topic: z.enum(TOPICS),
  sig: z.string().max(64),
});

const topicLabel = ({ t }: Pick<Translator, 't'>, topic: UnsubscribeTopic) =>
  topic === 'digest' ? t('unsubscribe.digest') : t(`kinds.${topic}`);

/**
 * A small page in the reader's language (German when the link is not valid): the unsubscribe link
 * opens in a mail client's browser, not in the app.
 */
function page(reply: FastifyReply, tr: Translator, status: number, appName: string, title: string, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="${tr.language}" dir="${tr.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} – ${escapeHtml(appName)}</title>
<style>body{font-family:system-ui,Arial,sans-serif;font-size:18px;line-height:1.5;color:#1b2a30;background:#f2f5f6;margin:0;padding:0 16px}main{max-width:34rem;margin:2rem auto;background:#fff;border-radius:8px;padding:1.5rem}h1{font-size:1.4rem;margin-top:0}button,a.button{display:inline-block;font:inherit;font-weight:bold;background:#1d5c6e;color:#fff;border:0;border-radius:6px;padding:.75rem 1.25rem;min-height:44px;cursor:pointer;text-decoration:none}</style></head>
<body><main><p style="color:#1d5c6e;font-weight:bold;margin:0 0 8px">${escapeHtml(appName)}</p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
    );
}

/**
 * The unsubscribe link of every notification mail (anonymous: its signature is the permission).
 * GET asks first, because mail scanners open links; POST switches the kind's e-mails off, also as
 * RFC 8058 one-click unsubscribe from the mail client.
 */
export async function unsubscribeRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['notifications'], 'none');
  const { db, notifier, config } = app.ctx;
  // One-click unsubscribe posts `List-Unsubscribe=One-Click` as a form; its content does not matter.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, _body, done) => done(null, {}),
  );

  /** The language of the mail the link came in: its reader's (German when erased or inactive). */
  const readerOf = async (userId: number) => {
    const user = await activeRecipient(db, userId);
    return user ? translatorOf(user) : german();
  };
  const invalid = (reply: FastifyReply) =>
    page(
      reply,
      german(),
      400,
      config.appName,
      'Link ungültig',
      '<p>Dieser Abmelde-Link ist ungültig. Sie können Ihre Benachrichtigungen jederzeit im Profil der App einstellen.</p><p><a class="button" href="/profile">Zum Profil</a></p>',
    );

  /** A page in the language of the link's reader (their profile's). */
  const pageFor = async (reply: FastifyReply, userId: number, content: (tr: Translator) => [string, string]) => {
    const tr = await readerOf(userId);
    return page(reply, tr, 200, config.appName, ...content(tr));
  };

  /** A handler for a link whose signature holds; any other link gets the page that says it is invalid. */
  const withSignedLink =
    (handler: (link: z.output<typeof unsubscribeQuery>, reply: FastifyReply) => Promise<unknown>) =>
    async (request: { query: unknown }, reply: FastifyReply) => {
      const q = unsubscribeQuery.safeParse(request.query);
      return q.success && notifier.verifyUnsubscribe(q.data.user, q.data.topic, q.data.sig)
        ? handler(q.data, reply)
        : invalid(reply);
    };

  r.get(
    '/api/notifications/unsubscribe/',
    { schema: { summary: 'Seite zum Abbestellen einer E-Mail-Art (signierter Link)', hide: true } },
    withSignedLink(async (q, reply) => {
      const action = `/api/notifications/unsubscribe/?user=${q.user}&topic=${q.topic}&sig=${encodeURIComponent(q.sig)}`;
      return pageFor(reply, q.user, (tr) => [
        tr.t('unsubscribe.title'),
        `<p>${escapeHtml(tr.t('unsubscribe.question', { kind: topicLabel(tr, q.topic) }))}</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(tr.t('unsubscribe.submit'))}</button></form>`,
      ]);
    }),
  );

  r.post(
    '/api/notifications/unsubscribe/',
    { schema: { summary: 'E-Mail-Art abbestellen (signierter Link, RFC 8058)', hide: true } },
    withSignedLink(async ({ user, topic }, reply) => {
      const settings: NotificationSettings = await loadSettings(db, user);
      if (topic === 'digest') {
        // Whoever stops the digest wants none of these mails, not single mails instead.
        settings.digest = false;
        for (const k of NOTIFICATION_KINDS) settings.email[k] = false;
      } else {
        settings.email[topic] = false;
      }
      await saveSettings(db, user, settings);
      return pageFor(reply, user, ({ t }) => [
        t('unsubscribe.doneTitle'),
        `<p>${escapeHtml(t('unsubscribe.done', { kind: topicLabel({ t }, topic) }))}</p><p>${escapeHtml(t('unsubscribe.again'))}</p><p><a class="button" href="/profile">${escapeHtml(t('unsubscribe.toProfile'))}</a></p>`,
      ]);
    }),
  );
}
