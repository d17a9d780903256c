import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Phone } from '@hausportal/contract';
import { Icon } from '@/components/ui/icon';
import { isNotLoaded, LoadedAt, NotLoaded } from '@/components/ui/not-loaded';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { useAppDispatch, useAppSelector } from '@/lib/redux/hooks';
import { visiblePhones } from '@/lib/emergency';
import { telHref } from '@/lib/text';
import { useOnline } from '@/lib/use-online';
import { fetchPhones } from '../slice';

/** Icon, name and number of one entry; the whole card is the link that dials. */
function PhoneCard({ phone }: { phone: Phone }) {
  const { t } = useTranslation();
  const body = (
    <>
      <img className="list-icon" src={phone.icon || '/icons/phone.svg'} alt="" width={32} height={32} />
      <span className="list-body">
        {/* The spaces keep the words apart in the link's name; a flex box does not draw them. */}
        <span className="list-title">
          <span dir="auto">{phone.name}</span>{' '}
          {phone.highlighted ? <span className="tag tag-accent">{t('phones.highlighted')}</span> : null}
        </span>{' '}
        {phone.hidden ? (
          <span className="muted">{t('phones.hiddenNumber')}</span>
        ) : (
          <span className="phone-number">{phone.number}</span>
        )}
      </span>
    </>
  );
  const className = `list-item phone-item${phone.highlighted ? ' is-highlighted' : ''}`;
  if (phone.hidden) return <div className={className}>{body}</div>;
  return (
    // No aria-label: the name a screen reader hears is the text on the card, name and number as
    // shown (WCAG 2.5.3, label in name); 'Polizei anrufen: 110' did not contain 'Polizei 110'.
    <a className={`${className} list-link`} href={telHref(phone.number)}>
      {body}
      <Icon name="phone" className="list-chevron" />
    </a>
  );
}

export default function PhonesPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { results, fetching, error } = useAppSelector((s) => s.phones);
  const user = useAppSelector((s) => s.user.data);
  const location = useAppSelector((s) => s.location.data);
  const online = useOnline();

  // Again when the connection returns, so that a list missing offline fills in by itself.
  useEffect(() => {
    if (online) void dispatch(fetchPhones());
  }, [dispatch, online]);

  const phones = visiblePhones(results, user, location);
  const missing = isNotLoaded(results.length > 0, fetching, error, online);

  return (
    <Page title={t('titles.phones')}>
      {phones.length === 0 && fetching ? <Spinner /> : null}
      {missing ? <NotLoaded onRetry={() => void dispatch(fetchPhones())} /> : null}
      <LoadedAt name="phones" />
      {phones.length === 0 && !fetching && !missing ? <p className="empty">{t('phones.empty')}</p> : null}
      <ul className="list">
        {phones.map((phone) => (
          <li key={phone.id}>
            <PhoneCard phone={phone} />
          </li>
        ))}
      </ul>
    </Page>
  );
}
