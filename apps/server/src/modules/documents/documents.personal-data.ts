import { definePersonalData } from '../../personal-data/define.js';
import { deleteDocumentReadsOf, documentReadsOf } from './documents.repository.js';

/** Which documents the user opened. */
export const documentPersonalData = definePersonalData({
  module: 'documents',
  tables: ['document_reads'],
  exportPersonalData: async (db, userId) => ({ documents_opened: await documentReadsOf(db, userId) }),
  erasePersonalData: (trx, userId) => deleteDocumentReadsOf(trx, userId),
});
