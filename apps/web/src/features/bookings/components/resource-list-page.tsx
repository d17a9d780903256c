import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { LoadedAt } from '@/components/ui/not-loaded';
import { Page } from '@/components/ui/page';
import { useRemote } from '@/lib/use-remote';
import { getResources } from '../api';
import { resourcesStored } from '../cache';
import { Loading } from './loading';

/** /buchen: the location's resources. */
export default function ResourceListPage() {
  const { t } = useTranslation();
  const { data, state, reload } = useRemote(resourcesStored, getResources);
  return (
    <Page title={t('bookings.title')} className="booking-page">
      <p>{t('bookings.intro')}</p>
      <p>
        <Link className="button" to="/buchen/meine">
          <Icon name="clock" /> {t('bookings.mine')}
        </Link>
      </p>
      <LoadedAt name={resourcesStored.key} />
      {!data ? (
        <Loading state={state} retry={reload} />
      ) : data.length === 0 ? (
        <p className="card">{t('bookings.none')}</p>
      ) : (
        <ul className="stack booking-resources">
          {data.map((r) => (
            <li key={r.id}>
              <Link className="card booking-resource-link" to={`/buchen/${r.id}`}>
                {r.photo ? (
                  // The name stands beside it, so the thumbnail is decoration to a screen reader.
                  <img
                    className="booking-resource-thumb"
                    src={r.photo.thumbnail}
                    alt=""
                    width={64}
                    height={64}
                    loading="lazy"
                  />
                ) : null}
                <span className="booking-resource-text">
                  <strong>{r.name}</strong>
                  {r.description ? (
                    <span dir="auto" className="muted">
                      {r.description}
                    </span>
                  ) : null}
                </span>
                <Icon name="chevron" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
