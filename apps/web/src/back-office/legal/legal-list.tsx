import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { AdminPage } from '../components/admin-page';
import { ListLoadError } from '../components/load-error';
import { StatusBadge } from '../components/status-badge';
import { formatDateTime } from '../lib/format';
import { useLegalPagesQuery } from './api';
import { t } from './strings';
import './legal.css';

/** Rechtliche Seiten: each page, whether it is still the template, who saved it last. */
export function LegalList() {
  const { data, error, isLoading, refetch } = useLegalPagesQuery();
  const editable = data?.[0]?.editable ?? false;
  return (
    <AdminPage title={t.title}>
      <p className="legal-admin-intro">{t.intro}</p>
      {data && !editable ? <p className="muted">{t.adminOnly}</p> : null}
      {isLoading ? <Spinner /> : null}
      {error ? <ListLoadError error={error} onRetry={refetch} /> : null}
      {data ? (
        <ul className="legal-admin-list">
          {data.map((p) => (
            <li key={p.page} className="card">
              <div className="legal-admin-head">
                <h2>{p.title}</h2>
                <StatusBadge status={p.template ? 'pending' : 'active'} label={p.template ? t.template : t.saved} />
              </div>
              <p className="muted">
                {p.updated_at ? t.changed(formatDateTime(p.updated_at), p.updated_by_name) : t.neverSaved}
              </p>
              <div className="button-row">
                {/* The title in the name tells the three rows' links apart for a screen reader. */}
                <Link
                  className="button button-primary"
                  to={`/admin/rechtliches/${p.page}`}
                  aria-label={`${p.editable ? t.edit : t.show}: ${p.title}`}
                >
                  {p.editable ? t.edit : t.show}
                </Link>
                <a
                  className="button"
                  href={`/${p.page}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${t.open}: ${p.title} ${t.opensInNewTab}`}
                >
                  {t.open}
                </a>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </AdminPage>
  );
}
