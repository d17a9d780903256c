import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { useAppDispatch, useAppSelector } from '@/lib/redux/hooks';
import { visiblePhones } from '@/lib/emergency';
import { telHref } from '@/lib/text';
import { fetchPhones } from '../slice';

export default function PhonesPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { results, fetching } = useAppSelector((s) => s.phones);
  const user = useAppSelector((s) => s.user.data);
  const location = useAppSelector((s) => s.location.data);

  useEffect(() => {
    void dispatch(fetchPhones());
  }, [dispatch]);

  const phones = visiblePhones(results, user, location);

  return (
    <Page title={t('titles.phones')}>
      {phones.length === 0 && fetching ? <Spinner /> : null}
      {phones.length === 0 && !fetching ? <p className="empty">{t('phones.empty')}</p> : null}
      <ul className="list">
        {phones.map((phone) => (
          <li key={phone.id} className={`list-item phone-item${phone.highlighted ? ' is-highlighted' : ''}`}>
            <img className="list-icon" src={phone.icon || '/icons/phone.svg'} alt="" width={32} height={32} />
            <div className="list-body">
              <span className="list-title">
                {phone.name}
                {phone.highlighted ? <span className="tag tag-accent">{t('phones.highlighted')}</span> : null}
              </span>
              {phone.hidden ? (
                <span className="muted">{t('phones.hiddenNumber')}</span>
              ) : (
                <a
                  className="phone-number"
                  href={telHref(phone.number)}
                  aria-label={t('phones.call', { name: phone.name, number: phone.number })}
                >
                  {phone.number}
                </a>
              )}
            </div>
          </li>
        ))}
      </ul>
    </Page>
  );
}
