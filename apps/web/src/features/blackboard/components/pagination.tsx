import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';

/**
 * The page numbers to show: all of a short blackboard; of a long one the first, the last and
 * the neighbours of the current page, with gaps (null) between, so that 50 pages still fit a phone.
 */
export function pageNumbers(page: number, pages: number): (number | null)[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const n of sorted) {
    const last = result[result.length - 1];
    if (typeof last === 'number' && n - last > 1) result.push(null);
    result.push(n);
  }
  return result;
}

/**
 * Links between blackboard pages (/blackboard/{page}). Both arrows are always there, dimmed on the
 * first and last page, so that the controls keep their places from page to page.
 */
export function Pagination({ page, pages }: { page: number; pages: number }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const previous = (
    <>
      <Icon name="back" />
      <span>{t('blackboard.previous')}</span>
    </>
  );
  const next = (
    <>
      <span>{t('blackboard.next')}</span>
      <Icon name="chevron" />
    </>
  );
  return (
    <nav className="pagination" aria-label={t('blackboard.pagination')}>
      {page > 1 ? (
        <Link className="button button-small" to={`/blackboard/${page - 1}`} rel="prev">
          {previous}
        </Link>
      ) : (
        <span className="button button-small is-disabled" aria-disabled="true">
          {previous}
        </span>
      )}
      <ol className="page-numbers">
        {pageNumbers(page, pages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} className="page-gap" aria-hidden="true">
              …
            </li>
          ) : (
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
          ),
        )}
      </ol>
      {page < pages ? (
        <Link className="button button-small" to={`/blackboard/${page + 1}`} rel="next">
          {next}
        </Link>
      ) : (
        <span className="button button-small is-disabled" aria-disabled="true">
          {next}
        </span>
      )}
    </nav>
  );
}
