import { useEffect, useRef, type ReactNode } from 'react';
import { useArrivalFocus } from '@/lib/use-arrival-focus';
import { s } from '../strings';

/** One back-office screen: its only <h1>, the document title and optional actions beside it. */
export function AdminPage({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useArrivalFocus(heading);
  useEffect(() => {
    document.title = `${title} – ${s.product}`;
  }, [title]);
  return (
    <div className="admin-page">
      <div className="page-head">
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {actions ? <div className="page-actions">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}
