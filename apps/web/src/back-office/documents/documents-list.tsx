import { useCallback, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AdminDocument } from '@hausportal/contract';
import { useMeQuery } from '../api/admin-api';
import { AdminPage } from '../components/admin-page';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ApartmentPicker } from '../components/apartment-picker';
import { adminColumns, DataTable } from '../components/data-table';
import { IconTitle } from '../components/icon-title';
import { RowButton } from '../components/row-actions';
import { formatDate } from '../lib/format';
import { useListArgs, withLocation } from '../lib/list-params';
import { useConfirmDelete } from '../lib/use-confirm-delete';
import { openPrivateFile } from '@/lib/private-link';
import { freshAdminDocumentLink, useDeleteDocumentMutation, useDocumentsQuery } from './api';
import { t } from './strings';
import '../components/screens.css';

const col = adminColumns<AdminDocument>();

/** On a tablet location and date show under the title. */
const fold = { into: 'title', columns: ['location_id', 'created_at'] };

/**
 * The apartment filter picks one of the location's apartments; with every location
 * shown, a location must be chosen first, since the same number may exist in two houses.
 */
function ApartmentFilter({ locationId }: { locationId: number | undefined }) {
  const [params, setParams] = useSearchParams();
  const apartment = params.get('apartment_number') ?? '';
  const setApartment = useCallback(
    (value: string) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('apartment_number', value);
        else next.delete('apartment_number');
        next.delete('page');
        return next;
      }),
    [setParams],
  );
  return (
    <ApartmentPicker
      label={t.filterApartment}
      hint={t.filterApartmentHint}
      required={false}
      locationId={locationId}
      value={apartment}
      onChange={(value) => {
        if (value !== apartment) setApartment(value);
      }}
    />
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
          return value ? <span className="admin-apartment">{t.apartment(value)}</span> : t.wholeLocation;
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
            onClick={(event) =>
              openPrivateFile(event, row.original.document, () => freshAdminDocumentLink(row.original.id))
            }
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
        <ApartmentFilter
          locationId={args.location_id ?? (me?.locations.length === 1 ? me.locations[0]!.id : undefined)}
        />
      </div>
      <DataTable caption={t.caption} columns={columns} result={result} emptyText={t.empty} fold={fold} />
      <ConfirmDialog {...dialog} />
    </AdminPage>
  );
}
