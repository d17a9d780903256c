import { useCallback, useId, useMemo, useState } from 'react';
import type { AuditEntry } from '@hausportal/contract';
import { useMeQuery } from '../api/admin-api';
import { AdminPage } from '../components/admin-page';
import { adminColumns, DataTable } from '../components/data-table';
import { formatDateTime } from '../lib/format';
import { useFilterParam, useListArgs } from '../lib/list-params';
import { useSearchParams } from 'react-router';
import { useAuditQuery, useStaffQuery } from './api';
import { actionLabel, AuditDetail, entityLabel } from './audit-detail';
import { t } from './strings';
import '../components/screens.css';
import { FilterSelect } from '../components/filter-select';

const ENTITIES = Object.keys(t.entities);

/** The person filter (`?user_id=`); left out when the staff list is not available. */
function PersonFilter() {
  const { data: staff } = useStaffQuery();
  const [params, setParams] = useSearchParams();
  const id = useId();
  const current = params.get('user_id') ?? '';
  if (!staff || staff.length === 0) return null;
  return (
    <div className="field">
      <label htmlFor={id}>{t.person}</label>
      <select
        id={id}
        className="admin-select"
        value={current}
        onChange={(event) =>
          setParams((old) => {
            const next = new URLSearchParams(old);
            if (event.target.value) next.set('user_id', event.target.value);
            else next.delete('user_id');
            next.delete('page');
            return next;
          })
        }
      >
        <option value="">{t.allPeople}</option>
        {staff.map((person) => (
          <option key={person.id} value={person.id}>
            {person.name}
          </option>
        ))}
      </select>
    </div>
  );
}

const col = adminColumns<AuditEntry>();

/** Protokoll: who changed what when, filtered by location (the shell), person and area. */
const AUDIT_FOLD = { into: 'action', columns: ['entity', 'location_id'] };

export default function AuditPage() {
  const args = useListArgs();
  const [params] = useSearchParams();
  const [entity] = useFilterParam('entity', ENTITIES);
  const userParam = params.get('user_id');
  const userId = userParam && /^\d{1,9}$/.test(userParam) ? Number(userParam) : undefined;
  const result = useAuditQuery({ ...args, user_id: userId, entity });
  const { data: me } = useMeQuery();
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const locations = me?.locations;
  const locationTitle = useCallback(
    (id: number | null) => (id === null ? t.noLocation : (locations?.find((l) => l.id === id)?.title ?? `#${id}`)),
    [locations],
  );

  const columns = useMemo(
    () => [
      col.accessor('created_at', { header: t.columns.when, cell: ({ getValue }) => formatDateTime(getValue()) }),
      col.accessor('user_name', { header: t.columns.who, cell: ({ getValue }) => getValue() ?? t.system }),
      col.accessor('action', { header: t.columns.action, cell: ({ getValue }) => actionLabel(getValue()) }),
      col.display({ id: 'entity', header: t.columns.entity, cell: ({ row }) => entityLabel(row.original) }),
      col.accessor('location_id', { header: t.columns.location, cell: ({ getValue }) => locationTitle(getValue()) }),
      col.display({
        id: 'details',
        header: t.columns.details,
        cell: ({ row }) => (
          <button type="button" className="button button-small" onClick={() => setOpen(row.original)}>
            {t.show}
            <span className="visually-hidden">
              : {actionLabel(row.original.action)}, {formatDateTime(row.original.created_at)}
            </span>
          </button>
        ),
      }),
    ],
    [locationTitle],
  );

  return (
    <AdminPage title={t.title}>
      <p className="muted">{t.intro}</p>
      <div className="admin-filters" role="search">
        <PersonFilter />
        <FilterSelect
          param="entity"
          values={ENTITIES}
          labels={t.entities}
          label={t.entityFilter}
          allLabel={t.allEntities}
        />
      </div>
      {/* At 1024 px the entity and the location fold under the action (no sideways scroll). */}
      <DataTable caption={t.caption} columns={columns} result={result} emptyText={t.empty} fold={AUDIT_FOLD} />
      <AuditDetail entry={open} locationTitle={locationTitle} onClose={() => setOpen(null)} />
    </AdminPage>
  );
}
