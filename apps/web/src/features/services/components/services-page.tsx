import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fetchProviders, fetchServices } from '@/entities/services/slice';
import { Icon } from '@/components/ui/icon';
import { Page } from '@/components/ui/page';
import { isNotLoaded, NotLoaded } from '@/components/ui/not-loaded';
import { Spinner } from '@/components/ui/spinner';
import { useOnline } from '@/lib/use-online';
import { useAppDispatch, useAppSelector } from '@/lib/redux/hooks';
import { visibleServices } from '@/lib/emergency';
import { serviceHref } from '@/lib/navigation';

export default function ServicesPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { results, providers, fetching, error } = useAppSelector((s) => s.services);
  const online = useOnline();
  const user = useAppSelector((s) => s.user.data);
  const location = useAppSelector((s) => s.location.data);
  const deactivated = Boolean(user?.emergency_services_deactivated);

  useEffect(() => {
    if (online) void dispatch(fetchServices());
  }, [dispatch, online]);

  // Whether a service answers on the emergency number is known only from its providers,
  // so they are needed up front for users whose emergency services are deactivated.
  useEffect(() => {
    if (!deactivated) return;
    for (const service of results) {
      if (!providers[service.id]) void dispatch(fetchProviders(service.id));
    }
  }, [deactivated, results, providers, dispatch]);

  const services = visibleServices(results, providers, user, location);
  const missing = isNotLoaded(results.length > 0, fetching, error, online);

  return (
    <Page title={t('titles.services')}>
      {services.length === 0 && fetching ? <Spinner /> : null}
      {missing ? <NotLoaded onRetry={() => void dispatch(fetchServices())} /> : null}
      {services.length === 0 && !fetching && !missing ? <p className="empty">{t('services.empty')}</p> : null}
      <ul className="list">
        {services.map((service) => (
          <li key={service.id}>
            <Link className="list-item list-link" to={serviceHref(service.id)}>
              <img className="list-icon" src={service.icon || '/icons/services.svg'} alt="" width={32} height={32} />
              <span className="list-body">
                <span className="list-title">
                  <bdi>{service.title}</bdi>
                </span>
              </span>
              <Icon name="chevron" className="list-chevron" />
            </Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}
