import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { Spinner } from '@/components/ui/spinner';
import { AdminPage } from '../components/admin-page';
import { RecordLoadError } from '../components/load-error';
import { errorMessage } from '../lib/errors';
import { formatDateTime } from '../lib/format';
import { useLocationFilter, withLocation } from '../lib/list-params';
import { s } from '../strings';
import { useEmailQuery, useRetryEmailMutation } from './api';
import { EmailStatus, kindLabel } from './email-status';
import { t } from './strings';
import '../components/screens.css';

const SECRET_KINDS = new Set(['invitation', 'reset']);

/** /admin/emails/:emailId: one mail with its (redacted) text, and 'Erneut senden' when it failed. */
export default function EmailPage() {
  const { emailId } = useParams();
  const [locationId] = useLocationFilter();
  const id = emailId && /^\d{1,9}$/.test(emailId) ? Number(emailId) : null;
  const { data: email, isLoading, isError, error, refetch } = useEmailQuery(id ?? 0, { skip: id === null });
  const [retry, retryState] = useRetryEmailMutation();

  const run = async () => {
    if (!email) return;
    try {
      await retry(email.id).unwrap();
      toast.success(t.retried);
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };

  return (
    <AdminPage
      title={email ? `${t.detailTitle}: ${email.subject}` : t.detailTitle}
      actions={
        <Link className="button" to={withLocation('/admin/emails', locationId)}>
          {t.back}
        </Link>
      }
    >
      {isLoading ? <Spinner label={s.loading} /> : null}
      {id === null || (isError && !email) ? (
        <RecordLoadError error={error} notFound={t.notFound} missing={id === null} onRetry={refetch} />
      ) : null}
      {email ? (
        <div className="stack-lg">
          <dl className="admin-facts card">
            <dt>{t.facts.to}</dt>
            <dd>{email.to_address}</dd>
            <dt>{t.facts.subject}</dt>
            <dd>{email.subject}</dd>
            <dt>{t.facts.kind}</dt>
            <dd>{kindLabel(email.kind)}</dd>
            <dt>{t.facts.status}</dt>
            <dd>
              <EmailStatus status={email.status} />
            </dd>
            <dt>{t.facts.created}</dt>
            <dd>{formatDateTime(email.created_at)}</dd>
            <dt>{t.facts.sent}</dt>
            <dd>{email.sent_at ? formatDateTime(email.sent_at) : t.notSent}</dd>
            <dt>{t.facts.attempts}</dt>
            <dd>{email.attempts}</dd>
            {email.last_error ? (
              <>
                <dt>{t.facts.error}</dt>
                <dd className="admin-cell-text">{email.last_error}</dd>
              </>
            ) : null}
          </dl>
          {email.status === 'failed' ? (
            <div className="button-row">
              <button
                type="button"
                className="button button-primary"
                disabled={retryState.isLoading}
                aria-busy={retryState.isLoading}
                onClick={() => void run()}
              >
                {t.retry}
              </button>
            </div>
          ) : null}
          <section aria-labelledby="mail-body">
            <h2 id="mail-body">{t.body}</h2>
            {SECRET_KINDS.has(email.kind) ? <p className="muted">{t.redactedHint}</p> : null}
            <pre className="admin-mail-body" tabIndex={0}>
              {email.body_text}
            </pre>
          </section>
        </div>
      ) : null}
    </AdminPage>
  );
}
