import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchLocation } from '@/entities/location/slice';
import { DetailRow } from '@/components/ui/detail-row';
import { Page } from '@/components/ui/page';
import { isNotLoaded, LoadedAt, NotLoaded } from '@/components/ui/not-loaded';
import { Spinner } from '@/components/ui/spinner';
import { useOnline } from '@/lib/use-online';
import { useAppDispatch, useAppSelector } from '@/lib/redux/hooks';
import { telHref } from '@/lib/text';

export default function ReceptionPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { data: location, fetching, error } = useAppSelector((s) => s.location);
  const online = useOnline();

  useEffect(() => {
    if (online) void dispatch(fetchLocation());
  }, [dispatch, online]);

  return (
    <Page title={t('titles.reception')}>
      {!location && fetching ? <Spinner /> : null}
      {isNotLoaded(Boolean(location), fetching, error, online) ? (
        <NotLoaded onRetry={() => void dispatch(fetchLocation())} />
      ) : null}
      <LoadedAt name="location" />
      {location ? (
        <div className="card stack">
          {location.text ? (
            <p dir="auto" className="pre-line">
              {location.text}
            </p>
          ) : null}
          <dl className="details">
            {location.hours ? (
              <DetailRow icon="clock" label={t('reception.hours')} className="pre-line">
                {location.hours}
              </DetailRow>
            ) : null}
            {location.phone ? (
              <DetailRow icon="phone" label={t('reception.phone')}>
                <a className="contact-link" href={telHref(location.phone)}>
                  {location.phone}
                </a>
              </DetailRow>
            ) : null}
            {location.email ? (
              <DetailRow icon="mail" label={t('reception.email')}>
                <a className="contact-link" href={`mailto:${location.email}`}>
                  {location.email}
                </a>
              </DetailRow>
            ) : null}
          </dl>
          {location.free_text ? (
            <p dir="auto" className="pre-line muted">
              {location.free_text}
            </p>
          ) : null}
        </div>
      ) : null}
    </Page>
  );
}
