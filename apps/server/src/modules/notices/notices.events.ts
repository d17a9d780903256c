import { defineEvents } from '../../events/define.js';
import { snippet } from '../notifications/notifier.js';
import { readersOf } from '../notifications/notifications.repository.js';
import * as repo from './notices.repository.js';

/** What happens to the management's notices ('Aushänge'). */
export type NoticeEvent =
  /** A notice was published: the residents of its locations; a 'Wichtig' one at once, in quiet hours too. */
  { type: 'notice.published'; noticeId: number };

export const noticeEvents = defineEvents<NoticeEvent>('notices', {
  'notice.published': {
    announce: async (trx, e) => {
      const notice = await repo.noticeOf(trx, e.noticeId);
      const important = Boolean(notice.important);
      return {
        to: await readersOf(trx, notice.locationIds),
        notification: {
          kind: 'notices',
          url: '/blackboard',
          urgent: important,
          text: ({ t }) => {
            const title = t(important ? 'notices.important' : 'notices.new', { title: notice.title });
            return {
              title,
              body: snippet(notice.text),
              mail: {
                subject: title,
                paragraphs: [t('notices.published'), notice.title, snippet(notice.text, 1000)],
                action: t('notices.view'),
              },
            };
          },
        },
      };
    },
  },
});
