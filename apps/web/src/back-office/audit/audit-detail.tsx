import type { AuditEntry } from '@hausportal/contract';
import { Modal } from '@/components/ui/modal';
import { formatDateTime } from '../lib/format';
import { auditDiff, showValue } from './diff';
import { t } from './strings';

/** The German name of an action, or the action itself when it has none yet. */
export function actionLabel(action: string): string {
  return t.actions[action] ?? action;
}

/** 'Dienst #7' */
export function entityLabel(entry: Pick<AuditEntry, 'entity' | 'entity_id'>): string {
  const name = t.entities[entry.entity] ?? entry.entity;
  return entry.entity_id === null ? name : `${name} #${entry.entity_id}`;
}

function hasContent(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'object') return Object.keys(value as object).length > 0;
  return true;
}

/** Before and after side by side, the changed fields highlighted (and named, not only coloured). */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const rows = auditDiff(before, after);
  if (rows.length === 0) return <p className="muted">{t.noChange}</p>;
  const changed = rows.filter((r) => r.changed).length;
  return (
    <div className="stack">
      <p>{t.changedCount(changed)}</p>
      <div className="admin-table-scroll">
        <table className="admin-diff">
          <caption className="visually-hidden">{`${t.before} / ${t.after}`}</caption>
          <thead>
            <tr>
              <th scope="col">{t.field}</th>
              <th scope="col">{t.before}</th>
              <th scope="col">{t.after}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.field || 'value'} className={row.changed ? 'is-changed' : undefined}>
                <th scope="row">
                  {row.field || t.value}
                  {row.changed ? (
                    <>
                      {' '}
                      <span className="visually-hidden">({t.changed})</span>
                    </>
                  ) : null}
                </th>
                <td className={row.changed ? 'admin-diff-old' : undefined}>{row.before}</td>
                <td className={row.changed ? 'admin-diff-new' : undefined}>{row.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** One audit entry in a dialog: who, when, what, and the readable before/after comparison. */
export function AuditDetail({
  entry,
  locationTitle,
  onClose,
}: {
  entry: AuditEntry | null;
  locationTitle: (id: number | null) => string;
  onClose: () => void;
}) {
  return (
    <Modal open={entry !== null} title={t.detailTitle} onClose={onClose}>
      {entry ? (
        <div className="stack">
          <dl className="admin-facts">
            <dt>{t.columns.when}</dt>
            <dd>{formatDateTime(entry.created_at)}</dd>
            <dt>{t.columns.who}</dt>
            <dd>{entry.user_name ?? t.system}</dd>
            <dt>{t.columns.action}</dt>
            <dd>{actionLabel(entry.action)}</dd>
            <dt>{t.columns.entity}</dt>
            <dd>{entityLabel(entry)}</dd>
            <dt>{t.columns.location}</dt>
            <dd>{locationTitle(entry.location_id)}</dd>
          </dl>
          <AuditDiff before={entry.before} after={entry.after} />
          {hasContent(entry.details) ? (
            <section>
              <h3 className="admin-legend">{t.extra}</h3>
              <pre className="admin-json">{showValue(entry.details)}</pre>
            </section>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
