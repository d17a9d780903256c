import { createContext, useContext, useState } from 'react';
import { PROVIDER_REQUEST_STATUSES, type AdminProviderRequest } from '@hausportal/contract';
import { AdminPage } from '../components/admin-page';
import { adminColumns, DataTable, type AdminColumn } from '../components/data-table';
import { StatusBadge } from '../components/status-badge';
import { FilterSelect } from '../components/filter-select';
import { excerpt, formatDateTime } from '../lib/format';
import { useFilterParam, useListArgs } from '../lib/list-params';
import { s } from '../strings';
import { useProviderRequestsQuery } from './api';
import { RequestDialog } from './request-dialog';

// Opening the dialog is a render-time handler; the columns stay constant.
const OpenContext = createContext<(request: AdminProviderRequest) => void>(() => undefined);

function OpenButton({ request }: { request: AdminProviderRequest }) {
  const open = useContext(OpenContext);
  return (
    <button
      type="button"
      className="button button-small"
      aria-label={s.requests.open(request.user_name)}
      onClick={() => open(request)}
    >
      {s.requests.openShort}
    </button>
  );
}

const col = adminColumns<AdminProviderRequest>();
const columns: AdminColumn<AdminProviderRequest>[] = [
  col.accessor('created_at', {
    header: s.requests.date,
    cell: ({ row }) => <time dateTime={row.original.created_at}>{formatDateTime(row.original.created_at)}</time>,
  }),
  col.accessor('user_name', { header: s.requests.resident }),
  col.accessor('apartment_number', { header: s.requests.apartment }),
  col.accessor('provider_name', {
    header: s.requests.provider,
    cell: ({ row }) => (
      <>
        {row.original.provider_name}
        <span className="admin-cell-sub">{row.original.service_title}</span>
      </>
    ),
  }),
  col.accessor('text', { header: s.requests.text, cell: ({ row }) => excerpt(row.original.text, 80) }),
  col.accessor('status', {
    header: s.requests.status,
    cell: ({ row }) => <StatusBadge status={row.original.status} />,
  }),
  col.display({ id: 'actions', header: s.table.actions, cell: ({ row }) => <OpenButton request={row.original} /> }),
];

/** Anfragen: residents' requests to providers as cases, filtered by status, edited in a dialog. */
export default function RequestsPage() {
  const args = useListArgs();
  const [status] = useFilterParam('status', PROVIDER_REQUEST_STATUSES);
  const result = useProviderRequestsQuery({ ...args, status });
  const [openRequest, setOpenRequest] = useState<AdminProviderRequest | null>(null);
  return (
    <AdminPage title={s.requests.title}>
      <div className="admin-filters">
        <FilterSelect
          param="status"
          values={PROVIDER_REQUEST_STATUSES}
          labels={s.status}
          label={s.requests.filter}
          allLabel={s.requests.all}
        />
      </div>
      <OpenContext.Provider value={setOpenRequest}>
        <DataTable caption={s.requests.title} columns={columns} result={result} />
      </OpenContext.Provider>
      <RequestDialog request={openRequest} onClose={() => setOpenRequest(null)} />
    </AdminPage>
  );
}
