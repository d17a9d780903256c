import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { z } from 'zod';
import {
  WEBHOOK_EVENTS,
  webhookEndpointCreate,
  type ApiKey,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@hausportal/contract';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { AdminPage } from '../components/admin-page';
import { ConfirmDialog } from '../components/confirm-dialog';
import { AdminForm, CheckboxGroupInput, FormButtons, TextInput } from '../components/form-fields';
import { ListLoadError, RecordLoadError } from '../components/load-error';
import { RowButton } from '../components/row-actions';
import { StatusBadge } from '../components/status-badge';
import { formatDateTime } from '../lib/format';
import { applyServerErrors, errorMessage } from '../lib/errors';
import { useNow } from '../lib/use-now';
import {
  useApiKeyQuery,
  useCreateWebhookMutation,
  useDeleteWebhookMutation,
  useRotateWebhookSecretMutation,
  useUpdateWebhookMutation,
  useWebhooksQuery,
} from './api';
import { KeyFacts } from './keys-list';
import { AdminOnly, KeyState, ShownOnce } from './parts';
import { t } from './strings';
import '../components/screens.css';
import './integrations.css';

const webhookFormSchema = webhookEndpointCreate.extend({ description: z.string().trim().max(200) });
type WebhookForm = z.input<typeof webhookFormSchema>;
type WebhookFormOutput = z.output<typeof webhookFormSchema>;

const eventOptions = WEBHOOK_EVENTS.map((event) => ({
  value: event,
  label: t.eventNames[event],
  hint: <code className="integration-code">{event}</code>,
}));

function CreateWebhookForm({
  keyId,
  onCreated,
  onCancel,
}: {
  keyId: number;
  onCreated: (endpoint: WebhookEndpointWithSecret) => void;
  onCancel: () => void;
}) {
  const [create] = useCreateWebhookMutation();
  const form = useForm<WebhookForm, unknown, WebhookFormOutput>({
    resolver: zodResolver(webhookFormSchema),
    defaultValues: { url: '', events: [], description: '' },
  });
  const onSubmit = async (values: WebhookFormOutput) => {
    try {
      onCreated(await create({ keyId, body: values }).unwrap());
    } catch (error) {
      applyServerErrors(error, form.setError, ['url', 'events', 'description']);
    }
  };
  return (
    <AdminForm form={form} onSubmit={onSubmit} aria-label={t.webhooks.createTitle}>
      <TextInput
        name="url"
        type="url"
        inputMode="url"
        label={t.webhooks.url}
        hint={t.webhooks.urlHint}
        autoComplete="off"
        spellCheck={false}
        maxLength={2000}
      />
      <CheckboxGroupInput name="events" label={t.webhooks.events} hint={t.webhooks.eventsHint} options={eventOptions} />
      <TextInput
        name="description"
        label={t.webhooks.description}
        hint={t.webhooks.descriptionHint}
        required={false}
        maxLength={200}
        autoComplete="off"
      />
      <FormButtons onCancel={onCancel} busyLabel={t.webhooks.busy}>
        {t.webhooks.submit}
      </FormButtons>
    </AdminForm>
  );
}

/** What a dialog of this page shows: a form, a confirmation, or a secret shown once. */
type Dialog =
  | { kind: 'create' }
  | { kind: 'rotate'; endpoint: WebhookEndpoint }
  | { kind: 'delete'; endpoint: WebhookEndpoint }
  | { kind: 'secret'; title: string; secret: string }
  | null;

function EndpointCard({
  keyId,
  endpoint,
  onDialog,
}: {
  keyId: number;
  endpoint: WebhookEndpoint;
  onDialog: (dialog: Dialog) => void;
}) {
  const [update, updating] = useUpdateWebhookMutation();
  const headingId = useId();
  const name = endpoint.description || endpoint.url;
  const switchTo = async (enabled: boolean) => {
    try {
      await update({ id: endpoint.id, keyId, body: { enabled } }).unwrap();
      toast.success(enabled ? t.webhooks.switchedOn : t.webhooks.switchedOff);
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };
  return (
    <li className="card integration-card" aria-labelledby={headingId}>
      <div className="integration-card-head">
        <h3 id={headingId} className="integration-url">
          {endpoint.url}
        </h3>
        {endpoint.enabled ? (
          <StatusBadge status="active" label={t.webhooks.on} />
        ) : (
          <StatusBadge
            status={endpoint.disabled_reason ? 'rejected' : 'expired'}
            label={endpoint.disabled_reason ? t.webhooks.autoOff : t.webhooks.off}
          />
        )}
      </div>
      {endpoint.description ? <p>{endpoint.description}</p> : null}
      {!endpoint.enabled && endpoint.disabled_reason ? (
        <p className="notice integration-warning">{t.webhooks.disabledWhy(endpoint.disabled_reason)}</p>
      ) : null}
      {endpoint.enabled && endpoint.failing_since ? (
        <p className="notice integration-warning">{t.webhooks.failingSince(formatDateTime(endpoint.failing_since))}</p>
      ) : null}
      <dl className="integration-facts">
        <dt>{t.webhooks.eventsLine}</dt>
        <dd>
          <ul className="integration-tags">
            {endpoint.events.map((event) => (
              <li key={event}>{t.eventNames[event]}</li>
            ))}
          </ul>
        </dd>
        <dt>{t.webhooks.created}</dt>
        <dd>{formatDateTime(endpoint.created_at)}</dd>
      </dl>
      {endpoint.previous_secret_expires_at ? (
        <p className="notice">{t.webhooks.previousSecretUntil(formatDateTime(endpoint.previous_secret_expires_at))}</p>
      ) : null}
      <div className="button-row integration-actions">
        <Link className="button" to={`/admin/schnittstellen/${keyId}/webhooks/${endpoint.id}`}>
          {t.webhooks.deliveries}
          <span className="visually-hidden">: {name}</span>
        </Link>
        {endpoint.enabled ? (
          <RowButton label={t.webhooks.switchOff} name={name} onClick={() => void switchTo(false)} />
        ) : (
          <button
            type="button"
            className="button button-small button-primary"
            disabled={updating.isLoading}
            onClick={() => void switchTo(true)}
          >
            {endpoint.disabled_reason ? t.webhooks.switchOnAgain : t.webhooks.switchOn}
            <span className="visually-hidden">: {name}</span>
          </button>
        )}
        <RowButton label={t.webhooks.rotate} name={name} onClick={() => onDialog({ kind: 'rotate', endpoint })} />
        <RowButton
          label={t.webhooks.delete}
          name={name}
          danger
          onClick={() => onDialog({ kind: 'delete', endpoint })}
        />
      </div>
    </li>
  );
}

function Webhooks({ apiKey }: { apiKey: ApiKey }) {
  const { data, isLoading, isError, error, refetch } = useWebhooksQuery(apiKey.id);
  const [rotate, rotating] = useRotateWebhookSecretMutation();
  const [remove, removing] = useDeleteWebhookMutation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const headingId = useId();
  const open = (next: Dialog) => {
    setDialogError(null);
    setDialog(next);
  };
  const close = () => setDialog(null);

  const confirmRotate = async (endpoint: WebhookEndpoint) => {
    try {
      const rotated = await rotate({ id: endpoint.id, keyId: apiKey.id }).unwrap();
      setDialog({ kind: 'secret', title: t.webhooks.rotated, secret: rotated.secret });
    } catch (e) {
      setDialogError(errorMessage(e));
    }
  };
  const confirmDelete = async (endpoint: WebhookEndpoint) => {
    try {
      await remove({ id: endpoint.id, keyId: apiKey.id }).unwrap();
      toast.success(t.webhooks.deleted);
      close();
    } catch (e) {
      setDialogError(errorMessage(e));
    }
  };

  return (
    <section className="integration-section" aria-labelledby={headingId}>
      <div className="integration-section-head">
        <h2 id={headingId}>{t.webhooks.heading}</h2>
        <button type="button" className="button button-primary" onClick={() => open({ kind: 'create' })}>
          {t.webhooks.create}
        </button>
      </div>
      <p className="muted">{t.webhooks.intro()}</p>
      {apiKey.state !== 'active' ? <p className="notice integration-warning">{t.webhooks.revokedNote}</p> : null}
      {isLoading ? <Spinner /> : null}
      {isError && !data ? <ListLoadError error={error} onRetry={refetch} /> : null}
      {data && data.length === 0 ? <p className="empty">{t.webhooks.empty}</p> : null}
      {data && data.length > 0 ? (
        <ul className="integration-list" aria-labelledby={headingId}>
          {data.map((endpoint) => (
            <EndpointCard key={endpoint.id} keyId={apiKey.id} endpoint={endpoint} onDialog={open} />
          ))}
        </ul>
      ) : null}
      {dialog?.kind === 'create' ? (
        <Modal open title={t.webhooks.createTitle} onClose={close}>
          <CreateWebhookForm
            keyId={apiKey.id}
            onCreated={(created) =>
              setDialog({ kind: 'secret', title: t.webhooks.createdTitle, secret: created.secret })
            }
            onCancel={close}
          />
        </Modal>
      ) : null}
      {dialog?.kind === 'secret' ? (
        <Modal open title={dialog.title} onClose={close}>
          <ShownOnce label={t.once.secretLabel} value={dialog.secret} warning={t.once.secretWarning} onDone={close} />
        </Modal>
      ) : null}
      <ConfirmDialog
        open={dialog?.kind === 'rotate'}
        title={t.webhooks.rotateTitle}
        message={t.webhooks.rotateText}
        confirmLabel={t.webhooks.rotate}
        busy={rotating.isLoading}
        error={dialogError}
        onConfirm={() => dialog?.kind === 'rotate' && void confirmRotate(dialog.endpoint)}
        onClose={close}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={t.webhooks.deleteTitle}
        message={dialog?.kind === 'delete' ? t.webhooks.deleteText(dialog.endpoint.url) : null}
        confirmLabel={t.webhooks.delete}
        danger
        busy={removing.isLoading}
        error={dialogError}
        onConfirm={() => dialog?.kind === 'delete' && void confirmDelete(dialog.endpoint)}
        onClose={close}
      />
    </section>
  );
}

/** Whether a route parameter is a usable id. */
export function idParam(value: string | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

function KeyBody() {
  const keyId = idParam(useParams().keyId);
  const { data: apiKey, isLoading, error, refetch } = useApiKeyQuery(keyId ?? 0, { skip: keyId === null });
  const now = useNow();
  const back = (
    <Link className="button" to="/admin/schnittstellen">
      {t.keys.back}
    </Link>
  );
  if (isLoading) return <Spinner />;
  if (!apiKey) {
    return (
      <AdminPage title={t.title} actions={back}>
        <RecordLoadError error={error} notFound={t.keys.notFound} missing={keyId === null} onRetry={refetch} />
      </AdminPage>
    );
  }
  return (
    <AdminPage title={apiKey.name} actions={back}>
      <div className="card integration-card">
        <div className="integration-card-head">
          <p className="integration-kicker">{t.keys.caption}</p>
          <KeyState state={apiKey.state} />
        </div>
        <KeyFacts apiKey={apiKey} now={now} />
      </div>
      <Webhooks apiKey={apiKey} />
    </AdminPage>
  );
}

/** One key: its facts and its webhook endpoints. */
export function KeyPage() {
  return (
    <AdminOnly title={t.title}>
      <KeyBody />
    </AdminOnly>
  );
}
