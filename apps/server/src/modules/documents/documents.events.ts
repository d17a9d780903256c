import { defineEvents } from '../../events/define.js';
import * as repo from './documents.repository.js';

/** What happens to documents. */
export type DocumentEvent =
  /**
   * A manager uploaded a document: the residents who can read it learn of it, those of its
   * apartment ('für Ihre Wohnung') or the whole location ('für das Haus').
   */
  { type: 'document.added'; documentId: number; title: string; apartmentNumber: string | null };

export const documentEvents = defineEvents<DocumentEvent>('documents', {
  'document.added': {
    announce: async (trx, e) => ({
      to: await repo.readersOfDocument(trx, e.documentId),
      notification: {
        kind: 'documents',
        url: '/apartment',
        text: ({ t }) => {
          const title = t(e.apartmentNumber ? 'documents.forApartment' : 'documents.forHouse');
          return {
            title,
            body: e.title,
            mail: {
              subject: `${title}: ${e.title}`,
              paragraphs: [t('documents.uploaded', { title: e.title }), t('documents.where')],
              action: t('documents.view'),
            },
          };
        },
      },
    }),
  },
});
