import { Link, useNavigate, useParams } from 'react-router';
import type { BookingResource, StaffMe } from '@hausportal/contract';
import { Spinner } from '@/components/ui/spinner';
import { useMeQuery } from '../api/admin-api';
import { AdminPage } from '../components/admin-page';
import { ConfirmDialog } from '../components/confirm-dialog';
import { RecordLoadError } from '../components/load-error';
import { useLocationFilter, withLocation } from '../lib/list-params';
import { useConfirmDelete } from '../lib/use-confirm-delete';
import { s } from '../strings';
import { useArchiveBookingResourceMutation, useBookingResourceQuery } from './api';
import { BlocksSection } from './blocks-section';
import { ResourceFiles } from './resource-files';
import { ResourceForm } from './resource-form';
import { t } from './strings';
import '../components/screens.css';
import './bookings.css';

const r = t.resources;

/** 'Archivieren' at the foot of the page, after a confirmation that says what stays and what goes. */
function ArchiveSection({ resource }: { resource: BookingResource }) {
  const navigate = useNavigate();
  const [locationId] = useLocationFilter();
  const [archive, state] = useArchiveBookingResourceMutation();
  const { ask, dialog } = useConfirmDelete(
    [
      // Once archived, the page has nothing left to show: back to the list.
      (id: number) => ({
        unwrap: async () => {
          await archive(id).unwrap();
          navigate(withLocation('/admin/buchungen/ressourcen', locationId));
        },
      }),
      state,
    ] as const,
    {
      argOf: (x: BookingResource) => x.id,
      title: r.archiveTitle,
      message: (x) => r.archiveText(x.name),
      confirmLabel: r.archive,
      done: r.archived,
    },
  );
  return (
    <section className="card stack" aria-labelledby="archive-heading">
      <h2 id="archive-heading">{r.archive}</h2>
      <p className="muted">{r.archiveHint}</p>
      <div className="button-row">
        <button type="button" className="button button-danger" onClick={() => ask(resource)}>
          {r.archive}
          <span className="visually-hidden">: {resource.name}</span>
        </button>
      </div>
      <ConfirmDialog {...dialog} />
    </section>
  );
}

function ExistingResource({ id, me }: { id: number; me: StaffMe }) {
  const { data: resource, isLoading, isError, error, refetch } = useBookingResourceQuery(id);
  if (isLoading) return <Spinner label={s.loading} />;
  if (isError || !resource) return <RecordLoadError error={error} notFound={r.notFound} onRetry={refetch} />;
  return (
    <div className="stack-lg booking-resource-page">
      <ResourceForm key={resource.id} resource={resource} me={me} />
      <ResourceFiles resource={resource} />
      <BlocksSection resource={resource} />
      <ArchiveSection resource={resource} />
    </div>
  );
}

/** /admin/buchungen/ressourcen/neu and /admin/buchungen/ressourcen/:resourceId. */
export function ResourcePage() {
  const { resourceId } = useParams();
  const [locationId] = useLocationFilter();
  const { data: me, isLoading } = useMeQuery();
  const id = resourceId && /^\d{1,9}$/.test(resourceId) ? Number(resourceId) : null;
  const creating = resourceId === undefined;
  return (
    <AdminPage title={creating ? r.createTitle : r.editTitle}>
      <p className="admin-link-line">
        <Link to={withLocation('/admin/buchungen/ressourcen', locationId)}>{r.back}</Link>
      </p>
      {isLoading || !me ? (
        <Spinner label={s.loading} />
      ) : creating ? (
        <>
          <ResourceForm me={me} />
          <p className="muted">{t.files.later}</p>
        </>
      ) : id ? (
        <ExistingResource id={id} me={me} />
      ) : (
        <p role="alert">{r.notFound}</p>
      )}
    </AdminPage>
  );
}
