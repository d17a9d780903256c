import { useEffect, type ReactNode } from 'react';
import { PageHead } from '@/components/ui/page-head';
import { s } from '../strings';

/** One back-office screen: its only <h1>, the document title and optional actions beside it. */
export function AdminPage({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} – ${s.product}`;
  }, [title]);
  return (
    <div className="admin-page">
      <PageHead title={title} actions={actions} />
      {children}
    </div>
  );
}
