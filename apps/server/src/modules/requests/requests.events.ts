import { defineEvents } from '../../events/define.js';
import * as repo from './requests.repository.js';

const REQUEST_STATUSES = ['new', 'in_progress', 'done'] as const;

/** What happens to a resident's provider request. */
export type RequestEvent =
  /** A manager changed its status or note: the resident who sent it learns it. */
  { type: 'request.changed'; requestId: number };

export const requestEvents = defineEvents<RequestEvent>('requests', {
  'request.changed': {
    announce: async (trx, e) => {
      const r = await repo.requestOf(trx, e.requestId);
      return {
        to: [r.user_id],
        notification: {
          kind: 'requests',
          url: '/requests',
          text: ({ t }) => {
            const status = (REQUEST_STATUSES as readonly string[]).includes(r.status)
              ? t(`requests.statuses.${r.status as (typeof REQUEST_STATUSES)[number]}`)
              : r.status;
            const title = t('requests.title', { provider: r.name, status });
            const body = r.note
              ? t('requests.statusWithNote', { status, note: r.note })
              : t('requests.status', { status });
            return {
              title,
              body,
              mail: {
                subject: title,
                paragraphs: [t('requests.changed', { provider: r.name }), body],
                action: t('requests.view'),
              },
            };
          },
        },
      };
    },
  },
});
