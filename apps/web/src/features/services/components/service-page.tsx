import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Provider } from '@hausportal/contract';
import { fetchProviders, fetchServices } from '@/entities/services/slice';
import { DetailRow } from '@/components/ui/detail-row';
import { Icon } from '@/components/ui/icon';
import { Page } from '@/components/ui/page';
import { isNotLoaded, NotLoaded } from '@/components/ui/not-loaded';
import { Spinner } from '@/components/ui/spinner';
import { useOnline } from '@/lib/use-online';
import { useAppDispatch, useAppSelector } from '@/lib/redux/hooks';
import { isDirectNumber, visibleProviders } from '@/lib/emergency';
import { replaceContactTokens, telHref } from '@/lib/text';
import { RequestForm } from './request-form';

function ProviderCard({ provider, contactText }: { provider: Provider; contactText: string }) {
  const { t } = useTranslation();
  const user = useAppSelector((s) => s.user.data);
  const location = useAppSelector((s) => s.location.data);
  const intro = replaceContactTokens(contactText, {
    placeholder: provider.placeholder || t('services.defaultPlaceholder'),
    profile_name: user?.name ?? '',
    apartment_number: user?.apartment_number ?? '',
    location: location?.title || location?.name || '',
  });
  const showPhone =
    provider.phone &&
    !provider.hide_phone &&
    !(user?.emergency_services_deactivated && isDirectNumber(provider.phone, location));

  return (
    <article className="card stack provider">
      <h2>
        <bdi>{provider.name}</bdi>
      </h2>
      {provider.text ? (
        <p dir="auto" className="pre-line">
          {provider.text}
        </p>
      ) : null}
      {/* One large target: in a crisis nobody should have to find the number in a card. */}
      {showPhone ? (
        <a className="button button-primary button-block call-now" href={telHref(provider.phone)}>
          <Icon name="phone" />
          {/* The number never breaks inside (no-break spaces): it is read off in one piece. */}
          <span>{t('services.callNow', { number: provider.phone.replace(/ /g, '\u00a0') })}</span>
        </a>
      ) : null}
      <dl className="details">
        {provider.contact ? (
          <DetailRow icon="user" label={t('services.contact')}>
            {provider.contact}
          </DetailRow>
        ) : null}
        {provider.hours ? (
          <DetailRow icon="clock" label={t('services.hours')} className="pre-line">
            {provider.hours}
          </DetailRow>
        ) : null}
        {showPhone ? (
          <DetailRow icon="phone" label={t('services.phone')}>
            <a className="contact-link" href={telHref(provider.phone)}>
              {provider.phone}
            </a>
          </DetailRow>
        ) : null}
        {provider.email ? (
          <DetailRow icon="mail" label={t('services.email')}>
            <a className="contact-link" href={`mailto:${provider.email}`}>
              {provider.email}
            </a>
          </DetailRow>
        ) : null}
        {provider.website ? (
          <DetailRow icon="globe" label={t('services.website')}>
            <a className="contact-link" href={provider.website} target="_blank" rel="noopener noreferrer">
              {provider.website.replace(/^https?:\/\//, '')}
            </a>
          </DetailRow>
        ) : null}
      </dl>
      {provider.allow_form_contact ? <RequestForm provider={provider} intro={intro} /> : null}
    </article>
  );
}

export default function ServicePage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const serviceId = Number(useParams().serviceId);
  const service = useAppSelector((s) => s.services.results.find((x) => x.id === serviceId));
  const providers = useAppSelector((s) => s.services.providers[serviceId]);
  const loading = useAppSelector((s) => s.services.providersFetching.includes(serviceId));
  const user = useAppSelector((s) => s.user.data);
  const location = useAppSelector((s) => s.location.data);
  const servicesLoading = useAppSelector((s) => s.services.fetching);
  const servicesKnown = useAppSelector((s) => s.services.results.length > 0);
  const error = useAppSelector((s) => s.services.error);
  const online = useOnline();
  const validId = Number.isInteger(serviceId) && serviceId > 0;

  // Again when the connection returns, so that a page opened offline fills in by itself.
  useEffect(() => {
    if (validId && online) void dispatch(fetchProviders(serviceId));
  }, [dispatch, serviceId, validId, online]);

  useEffect(() => {
    if (!service) void dispatch(fetchServices());
  }, [dispatch, service]);

  const shown = visibleProviders(providers ?? [], user, location);
  const missing = validId && isNotLoaded(Boolean(providers), loading, error, online);

  return (
    <Page title={service?.title ?? t('titles.services')}>
      {!providers && (loading || servicesLoading) ? <Spinner /> : null}
      {missing ? <NotLoaded onRetry={() => void dispatch(fetchProviders(serviceId))} /> : null}
      {!missing && !service && !providers && !loading && !servicesLoading && servicesKnown ? (
        <p className="empty">{t('services.notFound')}</p>
      ) : null}
      {providers && shown.length === 0 ? <p className="empty">{t('services.noProviders')}</p> : null}
      <div className="stack-lg">
        {shown.map((provider) => (
          <ProviderCard key={provider.id} provider={provider} contactText={service?.contact_text ?? ''} />
        ))}
      </div>
    </Page>
  );
}
