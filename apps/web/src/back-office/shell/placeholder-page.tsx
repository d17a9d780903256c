import { AdminPage } from '../components/admin-page';
import { s } from '../strings';

/** A screen that another helper is still building. */
export default function PlaceholderPage({ title }: { title: string }) {
  return (
    <AdminPage title={title}>
      <div className="card">
        <p>
          <strong>{s.shell.building}</strong>
        </p>
        <p className="muted">{s.shell.buildingText}</p>
      </div>
    </AdminPage>
  );
}
