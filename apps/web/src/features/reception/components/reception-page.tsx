import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { fetchLocation } from '@/app/state/location-slice';
import { Icon } from '@/components/ui/icon';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { telHref } from '@/lib/text';

export default function ReceptionPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { data: location, fetching } = useAppSelector((s) => s.location);

  useEffect(() => {
    void dispatch(fetchLocation());
  }, [dispatch]);

  return (
    <Page title={t('titles.reception')}>
      {!location && fetching ? <Spinner /> : null}
      {location ? (
        <div className="card stack">
          {location.text ? <p className="pre-line">{location.text}</p> : null}
          <dl className="details">
            {location.hours ? (
              <div>
                <dt>
                  <Icon name="clock" /> {t('reception.hours')}
                </dt>
                <dd className="pre-line">{location.hours}</dd>
              </div>
            ) : null}
            {location.phone ? (
              <div>
                <dt>
                  <Icon name="phone" /> {t('reception.phone')}
                </dt>
                <dd>
                  <a href={telHref(location.phone)}>{location.phone}</a>
                </dd>
              </div>
            ) : null}
            {location.email ? (
              <div>
                <dt>
                  <Icon name="mail" /> {t('reception.email')}
                </dt>
                <dd>
                  <a href={`mailto:${location.email}`}>{location.email}</a>
                </dd>
              </div>
            ) : null}
          </dl>
          {location.free_text ? <p className="pre-line muted">{location.free_text}</p> : null}
        </div>
      ) : null}
    </Page>
  );
}
