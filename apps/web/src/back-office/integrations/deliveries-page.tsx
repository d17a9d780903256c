import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDelivery, type WebhookDeliveryStatus } from '@hausportal/contract';
import { Spinner } from '@/components/ui/spinner';
import { AdminPage } from '../components/admin-page';
import { adminColumns, DataTable } from '../components/data-table';
import { RecordLoadError } from '../components/load-error';
import { StatusBadge } from '../components/status-badge';
import { formatDateTime } from '../lib/format';
import { errorMessage } from '../lib/errors';
import { useFilterParam, usePageParam } from '../lib/list-params';
import { useResendDeliveryMutation, useWebhookDeliveriesQuery, useWebhooksQuery } from './api';
import { idParam } from './key-page';
import { AdminOnly } from './parts';
import { t } from './strings';
import '../components/screens.css';
import { FilterSelect } from '../components/filter-select';
import './integrations.css';

const tones: Record<WebhookDeliveryStatus, string> = { delivered: 'done', pending: 'pending', failed: 'rejected' };

function ResendButton({ delivery }: { delivery: WebhookDelivery }) {
  const [resend, { isLoading }] = useResendDeliveryMutation();
  if (delivery.status === 'pending') return <span className="muted">{t.deliveries.none}</span>;
  const onClick = async () => {
    try {
      await resend({ id: delivery.id, endpointId: delivery.endpoint_id }).unwrap();
      toast.success(t.deliveries.resent);
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };
  return (
    <button
      type="button"
      className="button button-small integration-resend"
      disabled={isLoading}
      aria-busy={isLoading}
      onClick={() => void onClick()}
    >
      {t.deliveries.resend}
    </button>
  );
}

const when = (iso: string | null) => (iso ? formatDateTime(iso) : t.deliveries.none);

const col = adminColumns<WebhookDelivery>();
const columns = [
  col.accessor('status', {
    header: t.deliveries.columns.status,
    cell: ({ row }) => (
      <>
        <StatusBadge status={tones[row.original.status]} label={t.deliveries.statuses[row.original.status]} />
        {row.original.last_error ? <span className="admin-cell-sub">{row.original.last_error}</span> : null}
      </>
    ),
  }),
  col.accessor('event', {
    header: t.deliveries.columns.event,
    cell: ({ row }) => (
      <>
        {t.eventNames[row.original.event]}
        <span className="admin-cell-sub">{t.deliveries.createdAt(formatDateTime(row.original.created_at))}</span>
        <span className="admin-cell-sub">
          <span className="visually-hidden">{t.deliveries.messageId}: </span>
          <code className="integration-code integration-message-id">{row.original.message_id}</code>
        </span>
      </>
    ),
  }),
  col.accessor('response_code', {
    header: t.deliveries.columns.code,
    cell: ({ getValue }) => getValue() ?? t.deliveries.noCode,
  }),
  col.accessor('attempts', { header: t.deliveries.columns.attempts }),
  col.accessor('last_attempt_at', {
    header: t.deliveries.columns.lastAttempt,
    cell: ({ getValue }) => when(getValue()),
  }),
  col.accessor('next_attempt_at', {
    header: t.deliveries.columns.nextAttempt,
    cell: ({ getValue }) => when(getValue()),
  }),
  col.display({
    id: 'actions',
    header: t.deliveries.columns.actions,
    cell: ({ row }) => <ResendButton delivery={row.original} />,
  }),
];
/**
 * On a narrow table (a tablet, a phone) the event, the counts and the times fold under the status,
 * so that 'Erneut senden' stays in view without scrolling sideways.
 */
const fold = {
  into: 'status',
  columns: ['event', 'response_code', 'attempts', 'last_attempt_at', 'next_attempt_at'],
};

function Log({ endpointId }: { endpointId: number }) {
  const [page] = usePageParam();
  const [status] = useFilterParam('status', WEBHOOK_DELIVERY_STATUSES);
  const result = useWebhookDeliveriesQuery({ endpointId, page, ...(status ? { status } : {}) });
  return (
    <>
      <div className="admin-filters" role="search">
        <FilterSelect
          param="status"
          values={WEBHOOK_DELIVERY_STATUSES}
          labels={t.deliveries.statuses}
          label={t.deliveries.filter}
          allLabel={t.deliveries.all}
        />
      </div>
      <DataTable
        caption={t.deliveries.caption}
        columns={columns}
        result={result}
        emptyText={status ? t.deliveries.emptyFiltered : t.deliveries.empty}
        fold={fold}
      />
    </>
  );
}

function DeliveriesBody() {
  const params = useParams();
  const keyId = idParam(params.keyId);
  const endpointId = idParam(params.endpointId);
  const endpoints = useWebhooksQuery(keyId ?? 0, { skip: keyId === null });
  const endpoint = endpoints.data?.find((e) => e.id === endpointId);
  const back = (
    <Link className="button" to={keyId ? `/admin/schnittstellen/${keyId}` : '/admin/schnittstellen'}>
      {t.deliveries.back}
    </Link>
  );
  if (endpoints.isLoading) return <Spinner />;
  if (!endpoint || endpointId === null) {
    return (
      <AdminPage title={t.deliveries.title} actions={back}>
        <RecordLoadError
          error={endpoints.error}
          notFound={t.deliveries.notFound}
          missing={!endpoints.isError}
          onRetry={endpoints.refetch}
        />
      </AdminPage>
    );
  }
  return (
    <AdminPage title={t.deliveries.title} actions={back}>
      <div className="integration-log-facts">
        <p className="integration-url">{t.deliveries.to(endpoint.url)}</p>
        <p className="muted">{t.deliveries.keep}</p>
      </div>
      <Log endpointId={endpoint.id} />
    </AdminPage>
  );
}

/** The delivery log of one webhook endpoint: 30 days, filterable, 'Erneut senden'. */
export function DeliveriesPage() {
  return (
    <AdminOnly title={t.deliveries.title}>
      <DeliveriesBody />
    </AdminOnly>
  );
}
