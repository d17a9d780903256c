import { useCallback } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BookingResource } from '@hausportal/contract';
import { Icon } from '@/components/ui/icon';
import { Page } from '@/components/ui/page';
import { formatFileSize } from '@/lib/format-size';
import { useRemote } from '@/lib/use-remote';
import { getResource } from '../api';
import { BackLink } from './back-link';
import { Loading } from './loading';
import { SlotPicker } from './slot-picker';
import { StayPicker } from './stay-picker';

/**
 * /buchen/:id: a resource with its photo, fee and rules, then its calendar: a month grid with
 * arrival and departure for whole days, the day (or a compact week) for time slots.
 */
export default function ResourcePage() {
  const { t } = useTranslation();
  const id = Number(useParams().resourceId);
  const loadResource = useCallback(() => getResource(id), [id]);
  const resource = useRemote(null, loadResource);

  if (!resource.data)
    return (
      <Page title={t('bookings.title')} className="booking-page">
        <Loading state={resource.state} retry={resource.reload} />
      </Page>
    );
  const r: BookingResource = resource.data;

  return (
    <Page title={r.name} className="booking-page">
      <BackLink />
      {r.photo ? (
        <img
          className="booking-resource-photo"
          src={r.photo.url}
          alt={t('bookings.photoAlt', { name: r.name })}
          width={r.photo.width ?? undefined}
          height={r.photo.height ?? undefined}
        />
      ) : null}
      {r.description ? (
        <p dir="auto" className="pre-line">
          {r.description}
        </p>
      ) : null}
      {r.fee_text ? (
        <p>
          {t('bookings.fee')}: <bdi dir="auto">{r.fee_text}</bdi>
        </p>
      ) : null}
      {r.approval_required ? <p className="muted">{t('bookings.approval')}</p> : null}
      {r.house_rules || r.house_rules_pdf ? (
        <div className="card booking-rules">
          {r.house_rules ? (
            <details>
              <summary>{t('bookings.houseRules')}</summary>
              <p dir="auto" className="pre-line">
                {r.house_rules}
              </p>
            </details>
          ) : null}
          {r.house_rules_pdf ? (
            <a className="booking-rules-pdf" href={r.house_rules_pdf.url} target="_blank" rel="noopener noreferrer">
              <Icon name="file" />
              <span>{t('bookings.houseRulesPdf', { size: formatFileSize(r.house_rules_pdf.size) })}</span>
            </a>
          ) : null}
        </div>
      ) : null}
      {r.mode === 'days' ? <StayPicker key={r.id} resource={r} /> : <SlotPicker key={r.id} resource={r} />}
    </Page>
  );
}
