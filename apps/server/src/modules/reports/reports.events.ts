import { defineEvents } from '../../events/define.js';

/** What happens to reports on posts and comments (DSA Art. 16/17). */
export type ReportEvent =
  /** A manager decided on reports: each reporter reads the decision (a removal tells the author through content.moderated). */
  { type: 'reports.decided'; decision: 'remove' | 'keep'; reason: string | null; reporterIds: number[] };

export const reportEvents = defineEvents<ReportEvent>('reports', {
  'reports.decided': {
    announce: (_, e) => ({
      to: e.reporterIds,
      notification: {
        kind: 'reports',
        url: '/requests',
        text: ({ t }) => {
          const body =
            e.decision === 'remove'
              ? [t('reports.removed'), ...(e.reason ? [t('moderation.reason', { reason: e.reason })] : [])].join(' ')
              : t('reports.kept');
          return {
            title: t('reports.title'),
            body,
            mail: { subject: t('reports.title'), paragraphs: [t('reports.thanks'), body], action: t('reports.view') },
          };
        },
      },
    }),
  },
});
