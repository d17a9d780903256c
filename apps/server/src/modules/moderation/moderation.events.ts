import type { ModeratedKind } from '@hausportal/contract';
import { defineEvents, type Announcement } from '../../events/define.js';
import { snippet } from '../notifications/notifier.js';
import { locationTitle, readersOf, staffOf } from '../notifications/notifications.repository.js';
import * as repo from './moderation.repository.js';

const HOUR = 3_600_000;

/** What happens in the moderation of posts and comments (and of the reports on them). */
export type ModerationEvent =
  /**
   * A manager approved or rejected a post or comment (`afterReport`: removed after a report): the
   * author learns it (with the reason), and an approval reaches the readers: a post the location's
   * residents (bundled hourly), a comment the post's author.
   */
  | {
      type: 'content.moderated';
      kind: ModeratedKind;
      id: number;
      status: 'approved' | 'rejected';
      reason: string | null;
      afterReport?: boolean;
      /** Published at once by a trusted author (the reception): the readers hear of it, the author not. */
      direct?: boolean;
    }
  /** A post is visible to the building now: the webhook carries its text (no author, no attachments). */
  | { type: 'post.approved'; postId: number; locationId: number }
  /**
   * A post or comment awaits moderation, or a resident reported one: the location's managers (and
   * the admins), at most one push per 15 minutes each; later ones update the waiting push's count.
   */
  | { type: 'moderation.awaiting'; kind: ModeratedKind | 'report'; locationId: number };

export const moderationEvents = defineEvents<ModerationEvent>('moderation', {
  'content.moderated': {
    announce: async (trx, e) => {
      const isPost = e.kind === 'message';
      const post = isPost ? await repo.postOf(trx, e.id) : null;
      const comment = isPost ? null : await repo.commentOf(trx, e.id);
      const item = (post ?? comment)!;
      const url = `/messages/view/${post ? post.id : comment!.message_id}`;
      if (e.status === 'rejected')
        return {
          to: [item.user_id],
          notification: {
            kind: 'moderation',
            url,
            text: ({ t }) => {
              const title = e.afterReport
                ? t(isPost ? 'moderation.postRemoved' : 'moderation.commentRemoved')
                : t(isPost ? 'moderation.postRejected' : 'moderation.commentRejected');
              const because = e.reason ? t('moderation.reason', { reason: e.reason }) : t('moderation.noReason');
              return {
                title,
                body: because,
                mail: {
                  subject: title,
                  paragraphs: [
                    t('moderation.quoted', { title, text: snippet(item.text) }),
                    because,
                    ...(isPost && !e.afterReport ? [t('moderation.resubmit')] : []),
                  ],
                  action: t(isPost ? 'moderation.openPost' : 'moderation.openPostWithComment'),
                },
              };
            },
          },
        };
      const toAuthor: Announcement = {
        to: [item.user_id],
        notification: {
          kind: 'moderation',
          url,
          text: ({ t }) => {
            const title = t(isPost ? 'moderation.postApproved' : 'moderation.commentApproved');
            return {
              title,
              body: t(isPost ? 'moderation.postVisible' : 'moderation.commentVisible'),
              mail: {
                subject: title,
                paragraphs: [t('moderation.quoted', { title, text: snippet(item.text) })],
                action: t(isPost ? 'posts.view' : 'moderation.viewPostWithComment'),
              },
            };
          },
        },
      };
      if (post)
        return [
          ...(e.direct ? [] : [toAuthor]),
          {
            to: await readersOf(trx, [post.location_id], post.user_id),
            notification: {
              kind: 'posts',
              url,
              bundle: { windowMs: HOUR, title: ({ t }, count) => t('posts.bundle', { count }), url: '/blackboard' },
              text: ({ t }) => ({
                title: t('posts.title'),
                body: `${post.name}: ${snippet(post.text)}`,
                mail: {
                  subject: t('posts.title'),
                  paragraphs: [t('posts.wrote', { name: post.name }), snippet(post.text, 500)],
                  action: t('posts.view'),
                },
              }),
            },
          },
        ];
      if (comment!.post_author_id === comment!.user_id) return e.direct ? [] : toAuthor;
      return [
        ...(e.direct ? [] : [toAuthor]),
        {
          to: [comment!.post_author_id],
          notification: {
            kind: 'comments',
            url,
            text: ({ t }) => ({
              title: t('comments.title'),
              body: `${comment!.name}: ${snippet(comment!.text)}`,
              mail: {
                subject: t('comments.title'),
                paragraphs: [t('comments.wrote', { name: comment!.name }), snippet(comment!.text, 500)],
                action: t('comments.view'),
              },
            }),
          },
        },
      ];
    },
  },
  'post.approved': {
    webhooks: (trx, e) => ({
      locationId: e.locationId,
      data: async () => {
        const p = await repo.postForWebhook(trx, e.postId);
        return p
          ? {
              post_id: p.id,
              location_id: p.location_id,
              text: p.text,
              created_at: p.created_at,
              approved_at: p.moderated_at,
            }
          : null;
      },
    }),
  },
  'moderation.awaiting': {
    announce: async (trx, e) => {
      const where = await locationTitle(trx, e.locationId);
      const body =
        e.kind === 'report'
          ? `Ein Hinweis auf einen Inhalt wartet auf Ihre Entscheidung (${where}).`
          : `${e.kind === 'message' ? 'Ein neuer Beitrag' : 'Ein neuer Kommentar'} wartet auf Freigabe (${where}).`;
      return {
        to: await staffOf(trx, e.locationId),
        notification: {
          kind: 'queue',
          url: '/admin/moderation',
          bundle: {
            windowMs: 15 * 60_000,
            title: (_, n) => `${n} Einträge warten auf Freigabe`,
            url: '/admin/moderation',
          },
          text: () => ({
            title: 'Neues in der Moderation',
            body,
            mail: { subject: 'Neues in der Moderation', paragraphs: [body], action: 'Zur Moderation' },
          }),
        },
      };
    },
  },
});
