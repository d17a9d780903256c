import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useArrivalFocus } from '@/lib/use-arrival-focus';

interface PageProps {
  /** The route title of product §2.1; it becomes the page's only <h1>. */
  title: string;
  /** Shown instead of the title as the visible heading text when the title is empty. */
  children: ReactNode;
  actions?: ReactNode;
  className?: string;
}

/** One screen: its <h1>, the document title, and the content. */
export function Page({ title, children, actions, className }: PageProps) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useArrivalFocus(heading);
  useEffect(() => {
    const product = t('app.name');
    document.title = title && title !== product ? `${title} – ${product}` : product;
  }, [title, t]);
  return (
    <div className={`page ${className ?? ''}`}>
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
