import { useMemo } from 'react';
import { Link } from 'react-router';
import type { BookingResource } from '@hausportal/contract';
import { useMeQuery } from '../api/admin-api';
import { adminColumns, DataTable } from '../components/data-table';
import { RowLink } from '../components/row-actions';
import { StatusBadge } from '../components/status-badge';
import { useLocationFilter, withLocation } from '../lib/list-params';
import { useNow } from '../lib/use-now';
import { useBookingResourcesQuery } from './api';
import { blockPeriod } from './blocks-section';
import { inFilter, severalLocations } from './format';
import { BookingsFrame } from './frame';
import { t } from './strings';

const col = adminColumns<BookingResource>();
const r = t.resources;

/** How a resource is booked, in a few words. */
export function modeText(x: BookingResource): string {
  return x.mode === 'days' ? r.modeShort.days : r.modeShort.slots(x.slot_minutes, x.day_start, x.day_end);
}

/** The rules a manager checks at a glance: horizon, quota, approval. */
function rulesText(x: BookingResource): string {
  return [r.horizon(x.horizon_days), x.quota_count ? r.quota(x.quota_count, x.quota_period) : null]
    .filter(Boolean)
    .join(', ');
}

/** 'Räume und Geräte': the resources of the filter, each with its mode, rules and blocks to come. */
export function ResourcesList() {
  const [locationId] = useLocationFilter();
  const { data: me } = useMeQuery();
  const result = useBookingResourcesQuery();
  const rows = inFilter(result.data?.results ?? [], locationId);
  const several = severalLocations(rows);
  const locations = me?.locations;
  const now = useNow();

  const columns = useMemo(
    () => [
      col.accessor('name', {
        header: r.columns.name,
        cell: ({ row }) => (
          <>
            {/* The name opens the resource too: on a phone the actions column is off to the side. */}
            <Link to={withLocation(`/admin/buchungen/ressourcen/${row.original.id}`, locationId)}>
              <strong>{row.original.name}</strong>
            </Link>
            {row.original.approval_required ? (
              <>
                {' '}
                <StatusBadge status="pending" label={r.approval} />
              </>
            ) : null}
            {row.original.fee_text ? <span className="admin-cell-sub">{row.original.fee_text}</span> : null}
          </>
        ),
      }),
      ...(several
        ? [
            col.accessor('location_id', {
              header: r.columns.location,
              cell: ({ getValue }) => locations?.find((l) => l.id === getValue())?.title ?? `#${getValue()}`,
            }),
          ]
        : []),
      col.accessor('mode', { header: r.columns.mode, cell: ({ row }) => modeText(row.original) }),
      col.display({ id: 'rules', header: r.columns.rules, cell: ({ row }) => rulesText(row.original) }),
      col.display({
        id: 'blocks',
        header: r.columns.blocks,
        cell: ({ row }) => {
          const next = row.original.blocks.filter((b) => Date.parse(b.ends_at) > now);
          if (!next.length) return r.noBlocks;
          return (
            <>
              {r.blockCount(next.length)}
              <span className="admin-cell-sub">{blockPeriod(next[0]!, row.original.mode)}</span>
            </>
          );
        },
      }),
      col.display({
        id: 'actions',
        header: r.columns.actions,
        cell: ({ row }) => (
          <RowLink
            label={r.edit}
            name={row.original.name}
            to={withLocation(`/admin/buchungen/ressourcen/${row.original.id}`, locationId)}
          />
        ),
      }),
    ],
    [several, locations, locationId, now],
  );

  return (
    <BookingsFrame
      title={t.pages.resources}
      actions={
        <Link className="button button-primary" to={withLocation('/admin/buchungen/ressourcen/neu', locationId)}>
          {r.create}
        </Link>
      }
    >
      <p className="muted">{r.intro}</p>
      <DataTable
        caption={r.caption}
        columns={columns}
        result={{ ...result, data: result.data ? { ...result.data, count: rows.length, results: rows } : undefined }}
        emptyText={r.empty}
        fold={{ into: 'name', columns: ['location_id', 'rules'] }}
        pageSize={1000}
      />
    </BookingsFrame>
  );
}
