import { useId, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AdminDocument } from '@hausportal/contract';
import { useMeQuery } from '../api/admin-api';
import { AdminPage } from '../components/admin-page';
import { ConfirmDialog } from '../components/confirm-dialog';
import { adminColumns, DataTable } from '../components/data-table';
import { IconTitle } from '../components/icon-title';
import { RowButton } from '../components/row-actions';
import { formatDate } from '../lib/format';
import { useListArgs, withLocation, useDebouncedParam } from '../lib/list-params';
import { useConfirmDelete } from '../lib/use-confirm-delete';
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
  const { ask, dialog } = useConfirmDelete(useDeleteDocumentMutation(), {
    argOf: (document: AdminDocument) => document.id,
    title: t.deleteTitle,
    message: (document) => t.deleteText(document.title),
    confirmLabel: t.delete,
    done: t.deleted,
  });
  const severalLocations = (me?.locations.length ?? 0) > 1;

  const locations = me?.locations;
  const columns = useMemo(
    () => [
      col.accessor('title', {
        header: t.columns.title,
        cell: ({ row }) => <IconTitle icon={row.original.icon || '/icons/document.svg'} title={row.original.title} />,
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
          <RowButton label={t.delete} name={row.original.title} danger onClick={() => ask(row.original)} />
        ),
      }),
    ],
    [locations, severalLocations, ask],
  );

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
      <ConfirmDialog {...dialog} />
    </AdminPage>
  );
}
