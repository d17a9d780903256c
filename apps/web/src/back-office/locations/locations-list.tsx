import { Link } from 'react-router';
import type { AdminLocation } from '@hausportal/contract';
import { AdminPage } from '../components/admin-page';
import { adminColumns, DataTable } from '../components/data-table';
import { IconTitle } from '../components/icon-title';
import { useListArgs } from '../lib/list-params';
import { useLocationsQuery } from './api';
import { t } from './strings';
import '../components/screens.css';

const col = adminColumns<AdminLocation>();
const columns = [
  col.accessor('title', {
    header: t.columns.title,
    cell: ({ row }) => <IconTitle icon={row.original.logo} title={row.original.title} />,
  }),
  col.accessor('name', { header: t.columns.name }),
  col.display({
    id: 'emergency',
    header: t.columns.emergency,
    cell: ({ row }) =>
      row.original.direct_call
        ? t.emergencyDirect(row.original.direct_number)
        : t.emergencyService(row.original.default_service_name),
  }),
  col.accessor('residents_can_post', {
    header: t.columns.posting,
    cell: ({ getValue }) => (getValue() ? t.postingAll : t.postingReception),
  }),
  col.display({
    id: 'actions',
    header: t.columns.actions,
    cell: ({ row }) => (
      <Link className="button button-small" to={`/admin/locations/${row.original.id}`}>
        {t.edit}
        <span className="visually-hidden">: {row.original.title}</span>
      </Link>
    ),
  }),
];

/** Standorte: every location of the caller, each with its settings. */
export function LocationsList() {
  const { page } = useListArgs();
  const result = useLocationsQuery({ page });
  return (
    <AdminPage title={t.title}>
      <DataTable caption={t.caption} columns={columns} result={result} emptyText={t.empty} />
    </AdminPage>
  );
}
