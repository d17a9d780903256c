import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { twoFactorConfirm, type TwoFactorConfirm, type TwoFactorSetup } from '@hausportal/contract';
import { saveFile } from '../api/download';
import { AdminForm, FormSubmit, TextInput } from '../components/form-fields';
import { applyServerErrors, errorMessage } from '../lib/errors';
import { useConfirmTwoFactorMutation, useStartTwoFactorMutation } from './api';
import { t } from './strings';

/** The code field of every second-factor form: the phone's keypad, and the browser may fill in a code. */
export function CodeInput({ label = t.code, hint = t.codeHint }: { label?: string; hint?: string }) {
  return (
    <TextInput
      name="code"
      label={label}
      hint={hint}
      autoComplete="one-time-code"
      inputMode="numeric"
      spellCheck={false}
      autoCapitalize="off"
    />
  );
}

/** The secret in groups of four, as authenticator apps show it; the apps ignore the spaces. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * The recovery codes, shown once: the instruction, the list, 'Herunterladen' and 'Kopieren', and
 * the way on. The heading takes the focus, so a screen reader starts reading here.
 */
export function RecoveryCodesPanel({
  codes,
  doneLabel,
  onDone,
}: {
  codes: string[];
  doneLabel: string;
  onDone: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [message, setMessage] = useState('');
  useEffect(() => heading.current?.focus(), []);
  const text = codes.join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setMessage(t.copied);
    } catch {
      setMessage(t.copyFailed);
    }
  };
  return (
    <section className="card two-factor-codes" aria-labelledby="two-factor-codes-title">
      <h2 id="two-factor-codes-title" ref={heading} tabIndex={-1}>
        {t.codesTitle}
      </h2>
      <p className="notice admin-notice-info">{t.codesInstruction}</p>
      <ol className="two-factor-code-list" aria-label={t.codesTitle}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="button-row">
        <button
          type="button"
          className="button"
          onClick={() => saveFile(new Blob([`${t.fileHeading}${text}\n`], { type: 'text/plain' }), t.fileName)}
        >
          {t.download}
        </button>
        <button type="button" className="button" onClick={() => void copy()}>
          {t.copy}
        </button>
      </div>
      <p role="status" aria-live="polite" className="muted">
        {message}
      </p>
      <button type="button" className="button button-primary" onClick={onDone}>
        {doneLabel}
      </button>
    </section>
  );
}

/**
 * The setup (ADR 025): start → QR code and the secret as text → the first code confirms it → the
 * recovery codes. The secret lives only in this component's state, never in the store.
 */
export function SetupFlow({
  doneLabel,
  onDone,
  intro,
}: {
  doneLabel: string;
  onDone: () => void;
  /** Shown until the first code is confirmed (e.g. 'not set up yet'), not beside the recovery codes. */
  intro?: ReactNode;
}) {
  const [start, started] = useStartTwoFactorMutation();
  const [confirm] = useConfirmTwoFactorMutation();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useForm<TwoFactorConfirm>({ resolver: zodResolver(twoFactorConfirm), defaultValues: { code: '' } });

  if (codes) return <RecoveryCodesPanel codes={codes} doneLabel={doneLabel} onDone={onDone} />;

  if (!setup) {
    return (
      <div className="two-factor-start">
        {intro}
        <button
          type="button"
          className="button button-primary"
          disabled={started.isLoading}
          aria-busy={started.isLoading}
          onClick={() => {
            start()
              .unwrap()
              .then(setSetup)
              .catch(() => undefined);
          }}
        >
          {started.isLoading ? t.starting : t.start}
        </button>
        {started.isError ? (
          <p className="form-error" role="alert">
            {errorMessage(started.error)}
          </p>
        ) : null}
      </div>
    );
  }

  const onSubmit = async ({ code }: TwoFactorConfirm) => {
    try {
      const result = await confirm({ code: code.trim() }).unwrap();
      setSetup(null);
      setCodes(result.recovery_codes);
    } catch (error) {
      applyServerErrors(error, form.setError, ['code']);
    }
  };

  return (
    <div className="two-factor-setup">
      {intro}
      <p>{t.step1}</p>
      <img className="two-factor-qr" src={setup.qr_code} alt={t.qrAlt} width={200} height={200} />
      <p>{t.manual}</p>
      <p>
        <span className="visually-hidden">{t.secretLabel}: </span>
        <code className="two-factor-secret" data-testid="two-factor-secret">
          {grouped(setup.secret)}
        </code>
      </p>
      <p>{t.step2}</p>
      <AdminForm form={form} onSubmit={onSubmit} aria-label={t.requiredTitle}>
        <CodeInput />
        <FormSubmit busyLabel={t.confirming}>{t.confirm}</FormSubmit>
      </AdminForm>
    </div>
  );
}
