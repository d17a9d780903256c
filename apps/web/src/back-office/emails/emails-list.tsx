import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { MAIL_STATUSES, type AdminEmail } from '@hausportal/contract';
import { AdminPage } from '../components/admin-page';
import { adminColumns, DataTable } from '../components/data-table';
import { EmailAddress } from '../components/email-address';
import { FilterSelect } from '../components/filter-select';
import { errorMessage } from '../lib/errors';
import { excerpt, formatDateTime } from '../lib/format';
import { useFilterParam, useListArgs, useLocationFilter, withLocation } from '../lib/list-params';
import { useEmailsQuery, useRetryEmailMutation } from './api';
import { EmailStatus, kindLabel } from './email-status';
import { t } from './strings';
import '../components/screens.css';

function RetryButton({ email }: { email: AdminEmail }) {
  const [retry, { isLoading }] = useRetryEmailMutation();
  const run = async () => {
    try {
      await retry(email.id).unwrap();
      toast.success(t.retried);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <button
      type="button"
      className="button button-small"
      disabled={isLoading}
      aria-busy={isLoading}
      onClick={() => void run()}
    >
      {t.retry}
      <span className="visually-hidden">: {email.subject}</span>
    </button>
  );
}

/** The link to a mail's page; the location filter goes along, so 'Zurück' returns to the same list. */
function OpenLink({ email }: { email: AdminEmail }) {
  const [locationId] = useLocationFilter();
  return (
    <Link className="button button-small" to={withLocation(`/admin/emails/${email.id}`, locationId)}>
      {t.open}
      <span className="visually-hidden">: {email.subject}</span>
    </Link>
  );
}

const col = adminColumns<AdminEmail>();
const columns = [
  col.accessor('created_at', { header: t.columns.date, cell: ({ getValue }) => formatDateTime(getValue()) }),
  col.accessor('to_address', { header: t.columns.to, cell: ({ getValue }) => <EmailAddress address={getValue()} /> }),
  col.accessor('subject', { header: t.columns.subject }),
  col.accessor('kind', { header: t.columns.kind, cell: ({ getValue }) => kindLabel(getValue()) }),
  col.accessor('status', { header: t.columns.status, cell: ({ getValue }) => <EmailStatus status={getValue()} /> }),
  col.accessor('attempts', { header: t.columns.attempts }),
  col.accessor('last_error', {
    header: t.columns.error,
    cell: ({ getValue }) => {
      const error = getValue();
      return error ? <span title={error}>{excerpt(error, 60)}</span> : '–';
    },
  }),
  col.display({
    id: 'actions',
    header: t.columns.actions,
    cell: ({ row }) => (
      <span className="admin-cell-actions">
        <OpenLink email={row.original} />
        {row.original.status === 'failed' ? <RetryButton email={row.original} /> : null}
      </span>
    ),
  }),
];

/** On a tablet kind, attempts and error show under the subject. */
const fold = { into: 'subject', columns: ['kind', 'attempts', 'last_error'] };

/** E-Mails: the outbox, newest first, with a status filter and 'Erneut senden' for failed ones. */
export function EmailsList() {
  const args = useListArgs();
  const [status] = useFilterParam('status', MAIL_STATUSES);
  const result = useEmailsQuery({ ...args, status });
  return (
    <AdminPage title={t.title}>
      <div className="admin-filters" role="search">
        <FilterSelect param="status" values={MAIL_STATUSES} labels={t.status} label={t.filter} allLabel={t.all} />
      </div>
      <DataTable caption={t.caption} columns={columns} result={result} emptyText={t.empty} fold={fold} />
    </AdminPage>
  );
}
