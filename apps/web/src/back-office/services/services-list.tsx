import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import type { AdminService } from '@hausportal/contract';
import { useMeQuery } from '../api/admin-api';
import { AdminPage } from '../components/admin-page';
import { ConfirmDialog } from '../components/confirm-dialog';
import { adminColumns, DataTable } from '../components/data-table';
import { StatusBadge } from '../components/status-badge';
import { errorMessage } from '../lib/errors';
import { useListArgs, withLocation } from '../lib/list-params';
import { canEditService, useDeleteServiceMutation, useServicesQuery } from './api';
import { t } from './strings';
import '../components/screens.css';

const col = adminColumns<AdminService>();

/** Dienste & Anbieter: the services residents see, with the system services marked. */
export function ServicesList() {
  const args = useListArgs();
  const result = useServicesQuery(args);
  const { data: me } = useMeQuery();
  const [deleting, setDeleting] = useState<AdminService | null>(null);
  const [remove, removeState] = useDeleteServiceMutation();
  const role = me?.role;
  const locations = me?.locations;

  const columns = useMemo(
    () => [
      col.accessor('title', {
        header: t.columns.title,
        cell: ({ row }) => (
          <span className="admin-title-cell">
            <img className="admin-list-icon" src={row.original.icon || '/icons/services.svg'} alt="" />
            {row.original.title}
            {row.original.is_system ? <StatusBadge status="new" label={t.system} /> : null}
          </span>
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
              <Link
                className="button button-small"
                to={withLocation(`/admin/services/${service.id}`, args.location_id)}
              >
                {editable ? t.edit : t.showProviders}
                <span className="visually-hidden">: {service.title}</span>
              </Link>
              {editable && !service.is_system ? (
                <button
                  type="button"
                  className="button button-small button-danger"
                  onClick={() => setDeleting(service)}
                >
                  {t.delete}
                  <span className="visually-hidden">: {service.title}</span>
                </button>
              ) : null}
            </span>
          );
        },
      }),
    ],
    [role, locations, args.location_id],
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove(deleting.id).unwrap();
      toast.success(t.deleted);
      setDeleting(null);
    } catch {
      // shown in the dialog
    }
  };

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
      <ConfirmDialog
        open={deleting !== null}
        title={t.deleteTitle}
        message={deleting ? t.deleteText(deleting.title) : null}
        confirmLabel={t.delete}
        danger
        busy={removeState.isLoading}
        error={removeState.error ? errorMessage(removeState.error) : null}
        onConfirm={() => void confirmDelete()}
        onClose={() => {
          setDeleting(null);
          removeState.reset();
        }}
      />
    </AdminPage>
  );
}
