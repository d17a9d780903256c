import { useMemo } from 'react';
import { Link } from 'react-router';
import type { AdminService } from '@hausportal/contract';
import { useMeQuery } from '../api/admin-api';
import { AdminPage } from '../components/admin-page';
import { ConfirmDialog } from '../components/confirm-dialog';
import { adminColumns, DataTable } from '../components/data-table';
import { IconTitle } from '../components/icon-title';
import { RowButton, RowLink } from '../components/row-actions';
import { StatusBadge } from '../components/status-badge';
import { useListArgs, withLocation } from '../lib/list-params';
import { useConfirmDelete } from '../lib/use-confirm-delete';
import { canEditService, useDeleteServiceMutation, useServicesQuery } from './api';
import { t } from './strings';
import '../components/screens.css';

const col = adminColumns<AdminService>();

/** Dienste & Anbieter: the services residents see, with the system services marked. */
export function ServicesList() {
  const args = useListArgs();
  const result = useServicesQuery(args);
  const { data: me } = useMeQuery();
  const { ask, dialog } = useConfirmDelete(useDeleteServiceMutation(), {
    argOf: (service: AdminService) => service.id,
    title: t.deleteTitle,
    message: (service) => t.deleteText(service.title),
    confirmLabel: t.delete,
    done: t.deleted,
  });
  const role = me?.role;
  const locations = me?.locations;

  const columns = useMemo(
    () => [
      col.accessor('title', {
        header: t.columns.title,
        cell: ({ row }) => (
          <IconTitle icon={row.original.icon || '/icons/services.svg'} title={row.original.title}>
            {row.original.is_system ? <StatusBadge status="new" label={t.system} /> : null}
          </IconTitle>
        ),
      }),
      col.accessor('location_id', {
        header: t.columns.scope,
        cell: ({ getValue }) => {
          const id = getValue();
          return id === null ? t.allLocations : (locations?.find((l) => l.id === id)?.title ?? `#${id}`);
        },
      }),
      col.display({
        id: 'actions',
        header: t.columns.actions,
        cell: ({ row }) => {
          const service = row.original;
          const editable = canEditService(service, role);
          return (
            <span className="admin-cell-actions">
              <RowLink
                label={editable ? t.edit : t.showProviders}
                name={service.title}
                to={withLocation(`/admin/services/${service.id}`, args.location_id)}
              />
              {editable && !service.is_system ? (
                <RowButton label={t.delete} name={service.title} danger onClick={() => ask(service)} />
              ) : null}
            </span>
          );
        },
      }),
    ],
    [role, locations, args.location_id, ask],
  );

  return (
    <AdminPage
      title={t.title}
      actions={
        <Link className="button button-primary" to={withLocation('/admin/services/new', args.location_id)}>
          {t.create}
        </Link>
      }
    >
      <p className="muted">{t.intro}</p>
      <DataTable caption={t.caption} columns={columns} result={result} emptyText={t.empty} />
      <ConfirmDialog {...dialog} />
    </AdminPage>
  );
}
