import { useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import type { AdminDocument } from '@hausportal/contract';
import { useMeQuery } from '../api/admin-api';
import { AdminPage } from '../components/admin-page';
import { ConfirmDialog } from '../components/confirm-dialog';
import { adminColumns, DataTable } from '../components/data-table';
import { errorMessage } from '../lib/errors';
import { formatDate } from '../lib/format';
import { useListArgs, withLocation, useDebouncedParam } from '../lib/list-params';
import { useDeleteDocumentMutation, useDocumentsQuery } from './api';
import { t } from './strings';
import '../components/screens.css';

const col = adminColumns<AdminDocument>();

function ApartmentFilter() {
  const [text, setText] = useDebouncedParam('apartment_number');
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t.filterApartment}</label>
      <input
        id={id}
        type="search"
        value={text}
        maxLength={150}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setText(event.target.value)}
      />
      <span className="field-hint" id={`${id}-hint`}>
        {t.filterApartmentHint}
      </span>
    </div>
  );
}

/** Dokumente: what residents find under 'Meine Wohnung', per apartment or for the whole house. */
export function DocumentsList() {
  const args = useListArgs();
  const [params] = useSearchParams();
  const apartment = params.get('apartment_number') || undefined;
  const result = useDocumentsQuery({ ...args, apartment_number: apartment });
  const { data: me } = useMeQuery();
  const [deleting, setDeleting] = useState<AdminDocument | null>(null);
  const [remove, removeState] = useDeleteDocumentMutation();
  const severalLocations = (me?.locations.length ?? 0) > 1;

  const locations = me?.locations;
  const columns = useMemo(
    () => [
      col.accessor('title', {
        header: t.columns.title,
        cell: ({ row }) => (
          <span className="admin-title-cell">
            <img className="admin-list-icon" src={row.original.icon || '/icons/document.svg'} alt="" />
            {row.original.title}
          </span>
        ),
      }),
      col.accessor('apartment_number', {
        header: t.columns.for,
        cell: ({ getValue }) => {
          const value = getValue();
          return value ? t.apartment(value) : t.wholeLocation;
        },
      }),
      col.accessor('file_name', {
        header: t.columns.file,
        cell: ({ row }) => (
          <a
            href={row.original.document}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t.openFile(row.original.file_name)}
          >
            {row.original.file_name}
          </a>
        ),
      }),
      ...(severalLocations
        ? [
            col.accessor('location_id', {
              header: t.columns.location,
              cell: ({ getValue }) => locations?.find((l) => l.id === getValue())?.title ?? `#${getValue()}`,
            }),
          ]
        : []),
      col.accessor('created_at', { header: t.columns.date, cell: ({ getValue }) => formatDate(getValue()) }),
      col.display({
        id: 'actions',
        header: 'Aktionen',
        cell: ({ row }) => (
          <button type="button" className="button button-small button-danger" onClick={() => setDeleting(row.original)}>
            {t.delete}
            <span className="visually-hidden">: {row.original.title}</span>
          </button>
        ),
      }),
    ],
    [locations, severalLocations],
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
        <Link className="button button-primary" to={withLocation('/admin/documents/new', args.location_id)}>
          {t.upload}
        </Link>
      }
    >
      <div className="admin-filters" role="search">
        <ApartmentFilter />
      </div>
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
