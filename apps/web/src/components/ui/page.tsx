import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHead } from './page-head';

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
  useEffect(() => {
    const product = t('app.name');
    document.title = title && title !== product ? `${title} – ${product}` : product;
  }, [title, t]);
  return (
    <div className={`page ${className ?? ''}`}>
      <PageHead title={title} actions={actions} />
      {children}
    </div>
  );
}
