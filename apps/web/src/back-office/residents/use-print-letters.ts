import { useState } from 'react';
import { adminApi } from '../api/admin-api';
import { useDownload } from '../api/download';
import { useAdminDispatch } from '../store';

/**
 * 'Aktivierungsbriefe drucken': fetches the PDF for the given residents and hands it to the
 * browser's download (the file holds working codes, so nothing keeps it but the manager's
 * computer). Afterwards the residents read 'Eingeladen', so their list and records reload.
 */
export function usePrintLetters() {
  const download = useDownload();
  const dispatch = useAdminDispatch();
  const [busy, setBusy] = useState(false);
  const print = async (ids: number[]) => {
    setBusy(true);
    try {
      await download(
        '/api/admin/residents/activation-letters/',
        ids.length === 1 ? 'Aktivierungsbrief.pdf' : 'Aktivierungsbriefe.pdf',
        { ids },
      );
      dispatch(
        adminApi.util.invalidateTags([
          { type: 'Residents', id: 'LIST' },
          ...ids.map((id) => ({ type: 'Residents' as const, id })),
          'Audit',
        ]),
      );
    } finally {
      setBusy(false);
    }
  };
  return { print, busy };
}
