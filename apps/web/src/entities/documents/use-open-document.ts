import { useTranslation } from 'react-i18next';
import type { Document } from '@hausportal/contract';
import { notify } from '@/lib/notify';
import { openPrivateFile } from '@/lib/private-link';
import { freshDocumentLink, markDocumentOpened } from './api';

/**
 * A tap on a document in a list ('Meine Wohnung', the home card): it counts as opened, which ends
 * 'Neu', and the file opens, with a fresh link when the list's has expired.
 */
export function useOpenDocument(): (event: { preventDefault(): void }, doc: Pick<Document, 'id' | 'document'>) => void {
  const { t } = useTranslation();
  return (event, doc) => {
    void markDocumentOpened(doc.id);
    openPrivateFile(
      event,
      doc.document,
      () => freshDocumentLink(doc.id),
      () => notify('error', t('apartment.openFailed')),
    );
  };
}
