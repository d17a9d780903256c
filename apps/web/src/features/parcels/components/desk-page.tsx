import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/ui/page';
import { registerParcelStrings } from '@/i18n/parcels';
import { useRemote } from '@/lib/use-remote';
import { getOpenParcels } from '../api';
import { LogForm } from './log-form';
import { OpenList, type DeskList } from './open-list';
import './parcels.css';

registerParcelStrings();

/** What the desk searches for: a 4-digit pickup code, else an apartment, else everything open. */
function searchFor(text: string): { apartment?: string; code?: string } {
  return /^\d{4}$/.test(text) ? { code: text } : text ? { apartment: text } : {};
}

/** /rezeption/pakete: the receptionist's parcel desk (a tablet at the desk, or a phone). */
export default function ParcelDeskPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  // The answer names the code it was found by, so a hand-over with it uses the code the list shows.
  const load = useCallback(async (): Promise<DeskList> => {
    const wanted = searchFor(search);
    return { code: wanted.code ?? null, parcels: await getOpenParcels(wanted) };
  }, [search]);
  const open = useRemote(null, load);
  return (
    <Page title={t('parcels.title')} className="parcel-desk">
      <div className="parcel-columns">
        <LogForm onLogged={open.reload} />
        <OpenList open={open} onSearch={setSearch} onChanged={open.reload} />
      </div>
    </Page>
  );
}
