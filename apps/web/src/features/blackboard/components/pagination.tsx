import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';

/** Links between blackboard pages (/blackboard/{page}). */
export function Pagination({ page, pages }: { page: number; pages: number }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const numbers = Array.from({ length: pages }, (_, i) => i + 1);
  return (
    <nav className="pagination" aria-label={t('blackboard.pagination')}>
      {page > 1 ? (
        <Link className="button button-small" to={`/blackboard/${page - 1}`} rel="prev">
          <Icon name="back" />
          <span>{t('blackboard.previous')}</span>
        </Link>
      ) : (
        <span />
      )}
      <ol className="page-numbers">
        {numbers.map((n) => (
          <li key={n}>
            <Link
              to={`/blackboard/${n}`}
              className="page-number"
              aria-current={n === page ? 'page' : undefined}
              aria-label={t('blackboard.pageOf', { page: n, pages })}
            >
              {n}
            </Link>
          </li>
        ))}
      </ol>
      {page < pages ? (
        <Link className="button button-small" to={`/blackboard/${page + 1}`} rel="next">
          <span>{t('blackboard.next')}</span>
          <Icon name="chevron" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
