import { useEffect, type ReactNode } from 'react';
import { s } from '../strings';

/** One back-office screen: its only <h1>, the document title and optional actions beside it. */
export function AdminPage({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} – ${s.product}`;
  }, [title]);
  return (
    <div className="admin-page">
      <div className="page-head">
        <h1>{title}</h1>
        {actions ? <div className="page-actions">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}
