import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { API_SCOPES, apiKeyCreate, type ApiKey, type ApiKeyCreated } from '@hausportal/contract';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { useMeQuery } from '../api/admin-api';
import { AdminPage } from '../components/admin-page';
import { ConfirmDialog } from '../components/confirm-dialog';
import { AdminForm, CheckboxGroupInput, FormButtons, TextInput } from '../components/form-fields';
import { ListLoadError } from '../components/load-error';
import { RowButton } from '../components/row-actions';
import { formatDate, formatDateTime, fromDateInput, toDateInput } from '../lib/format';
import { applyServerErrors, errorMessage } from '../lib/errors';
import { useNow } from '../lib/use-now';
import { useApiKeysQuery, useCreateApiKeyMutation, useRevokeApiKeyMutation } from './api';
import { AdminOnly, KeyState, RelativeTime, ShownOnce } from './parts';
import { t } from './strings';
import '../components/screens.css';
import './integrations.css';

/** Today in Berlin as `YYYY-MM-DD`. */
const berlinToday = () => toDateInput(new Date().toISOString());

/** The form: the contract's fields, the expiry as a Berlin day (`YYYY-MM-DD` or empty). */
const keyFormSchema = z
  .object({
    name: apiKeyCreate.shape.name,
    location_ids: apiKeyCreate.shape.location_ids,
    scopes: apiKeyCreate.shape.scopes,
    expires_at: z.string(),
  })
  .refine((v) => !v.expires_at || v.expires_at >= berlinToday(), {
    path: ['expires_at'],
    message: t.createKey.expiryPast,
  });
type KeyForm = z.input<typeof keyFormSchema>;

const scopeOptions = API_SCOPES.map((scope) => ({
  value: scope,
  label: t.scopeNames[scope],
  hint: <code className="integration-code">{scope}</code>,
}));

function CreateKeyForm({ onCreated, onCancel }: { onCreated: (key: ApiKeyCreated) => void; onCancel: () => void }) {
  const { data: me } = useMeQuery();
  const [create] = useCreateApiKeyMutation();
  const locations = me?.locations ?? [];
  const form = useForm<KeyForm>({
    resolver: zodResolver(keyFormSchema),
    // One location preselected when there is only one to choose.
    defaultValues: {
      name: '',
      location_ids: locations.length === 1 ? [locations[0]!.id] : [],
      scopes: [],
      expires_at: '',
    },
  });
  const onSubmit = async (values: KeyForm) => {
    try {
      const created = await create({
        name: values.name,
        location_ids: values.location_ids,
        scopes: values.scopes,
        expires_at: values.expires_at ? fromDateInput(values.expires_at) : null,
      }).unwrap();
      toast.success(t.createKey.created(created.name));
      onCreated(created);
    } catch (error) {
      applyServerErrors(error, form.setError, ['name', 'location_ids', 'scopes', 'expires_at']);
    }
  };
  return (
    <AdminForm form={form} onSubmit={onSubmit} aria-label={t.createKey.title}>
      <TextInput name="name" label={t.createKey.name} hint={t.createKey.nameHint} maxLength={100} autoComplete="off" />
      <CheckboxGroupInput
        name="location_ids"
        label={t.createKey.locations}
        hint={t.createKey.locationsHint}
        options={locations.map((l) => ({ value: l.id, label: l.title }))}
      />
      <CheckboxGroupInput
        name="scopes"
        label={t.createKey.scopes}
        hint={t.createKey.scopesHint}
        options={scopeOptions}
      />
      <TextInput
        name="expires_at"
        type="date"
        label={t.createKey.expiry}
        hint={t.createKey.expiryHint}
        required={false}
        min={berlinToday()}
      />
      <FormButtons onCancel={onCancel} busyLabel={t.createKey.busy}>
        {t.createKey.submit}
      </FormButtons>
    </AdminForm>
  );
}

/** 'Neuer API-Schlüssel': the form, then the key, shown this once. */
function CreateKeyDialog({ onClose }: { onClose: () => void }) {
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  return (
    <Modal open title={created ? t.createKey.createdTitle : t.createKey.title} onClose={onClose}>
      {created ? (
        <ShownOnce label={t.once.keyLabel} value={created.key} warning={t.once.keyWarning} onDone={onClose} />
      ) : (
        <CreateKeyForm onCreated={setCreated} onCancel={onClose} />
      )}
    </Modal>
  );
}

/** The facts of a key: prefix, scopes, locations, last use, expiry, creation. */
export function KeyFacts({ apiKey, now }: { apiKey: ApiKey; now: number }) {
  const { data: me } = useMeQuery();
  const titles = new Map((me?.locations ?? []).map((l) => [l.id, l.title]));
  return (
    <dl className="integration-facts">
      <dt>{t.keys.prefix}</dt>
      <dd>
        <code className="integration-code">{apiKey.prefix}…</code>
      </dd>
      <dt>{t.keys.scopes}</dt>
      <dd>
        <ul className="integration-tags">
          {apiKey.scopes.map((scope) => (
            <li key={scope}>{t.scopeNames[scope]}</li>
          ))}
        </ul>
      </dd>
      <dt>{t.keys.locations}</dt>
      <dd>{apiKey.location_ids.map((id) => titles.get(id) ?? t.keys.unknownLocation(id)).join(', ')}</dd>
      <dt>{t.keys.lastUsed}</dt>
      <dd>
        <RelativeTime iso={apiKey.last_used_at} now={now} never={t.keys.never} />
      </dd>
      <dt>{t.keys.expires}</dt>
      <dd>{apiKey.expires_at ? formatDate(apiKey.expires_at) : t.keys.noExpiry}</dd>
      <dt>{t.keys.created}</dt>
      <dd>
        {t.keys.createdBy(formatDateTime(apiKey.created_at), apiKey.created_by)}
        {apiKey.revoked_at ? (
          <span className="admin-cell-sub">{t.keys.revokedOn(formatDateTime(apiKey.revoked_at))}</span>
        ) : null}
      </dd>
    </dl>
  );
}

function KeyCard({ apiKey, now, onRevoke }: { apiKey: ApiKey; now: number; onRevoke: (key: ApiKey) => void }) {
  return (
    <li className="card integration-card" data-state={apiKey.state}>
      <div className="integration-card-head">
        <h2>{apiKey.name}</h2>
        <KeyState state={apiKey.state} />
      </div>
      <KeyFacts apiKey={apiKey} now={now} />
      <div className="button-row">
        <Link className="button" to={`/admin/schnittstellen/${apiKey.id}`}>
          {t.keys.open}
          <span className="visually-hidden">: {apiKey.name}</span>
        </Link>
        {apiKey.state === 'revoked' ? null : (
          <RowButton label={t.keys.revoke} name={apiKey.name} danger onClick={() => onRevoke(apiKey)} />
        )}
      </div>
    </li>
  );
}

/** Served by the API itself (plugins/openapi.ts), with the integration paths under the tag 'integration'. */
const OPENAPI_URL = '/api/docs/openapi.json';

function Guide() {
  return (
    <p className="muted integration-guide">
      {t.guide.before}
      <a href={OPENAPI_URL} target="_blank" rel="noreferrer">
        {t.guide.link}
      </a>
      {t.guide.after}
    </p>
  );
}

function KeysBody() {
  const { data, isLoading, isError, error, refetch } = useApiKeysQuery();
  const [revoke, revoking] = useRevokeApiKeyMutation();
  const [creating, setCreating] = useState(false);
  const [revokingKey, setRevokingKey] = useState<ApiKey | null>(null);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const now = useNow();
  const keys = data ?? [];

  const confirmRevoke = async () => {
    if (!revokingKey) return;
    try {
      await revoke(revokingKey.id).unwrap();
      toast.success(t.keys.revoked(revokingKey.name));
      setRevokingKey(null);
    } catch (e) {
      setRevokeError(errorMessage(e));
    }
  };

  return (
    <AdminPage
      title={t.title}
      actions={
        <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
          {t.keys.create}
        </button>
      }
    >
      <p className="integration-intro">{t.intro}</p>
      {isLoading ? <Spinner /> : null}
      {isError && !data ? <ListLoadError error={error} onRetry={refetch} /> : null}
      {data && keys.length === 0 ? (
        <div className="card integration-empty">
          <h2>{t.keys.empty}</h2>
          <p>{t.keys.emptyText}</p>
          <Guide />
          <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
            {t.keys.create}
          </button>
        </div>
      ) : null}
      {keys.length > 0 ? (
        <>
          <p className="admin-table-count integration-count" role="status" aria-live="polite">
            {t.keys.count(keys.length)}
          </p>
          <ul className="integration-list" aria-label={t.keys.caption}>
            {keys.map((apiKey) => (
              <KeyCard
                key={apiKey.id}
                apiKey={apiKey}
                now={now}
                onRevoke={(k) => {
                  setRevokeError(null);
                  setRevokingKey(k);
                }}
              />
            ))}
          </ul>
          <Guide />
        </>
      ) : null}
      {creating ? <CreateKeyDialog onClose={() => setCreating(false)} /> : null}
      <ConfirmDialog
        open={revokingKey !== null}
        title={t.keys.revokeTitle}
        message={revokingKey ? t.keys.revokeText(revokingKey.name) : null}
        confirmLabel={t.keys.revoke}
        danger
        busy={revoking.isLoading}
        error={revokeError}
        onConfirm={() => void confirmRevoke()}
        onClose={() => setRevokingKey(null)}
      />
    </AdminPage>
  );
}

/** 'Schnittstellen': the API keys, newest first, for administrators. */
export function KeysList() {
  return (
    <AdminOnly title={t.title}>
      <KeysBody />
    </AdminOnly>
  );
}
