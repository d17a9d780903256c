import { useCallback, useEffect, useRef, useState } from 'react';
import type { CraftsmanJob } from '@hausportal/contract';
import { craftsmanDe as s } from '@/i18n/craftsman';
import { craftsmanApi, CraftsmanCallError, type CallError } from './api';

/** The steps a craftsman can take; while one is sent, every button waits. */
export type Step = 'accept' | 'decline' | 'appointment' | 'note' | 'photo' | 'done';

export type Loaded =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'ready'; job: CraftsmanJob };

/** The sentence a failed call shows. */
export function messageOf(error: CallError): string {
  if (error.kind === 'offline') return s.offline;
  if (error.kind === 'invalid') return error.message;
  return error.message ?? (Object.keys(error.fields).length ? '' : s.generic);
}

function asCallError(error: unknown): CallError {
  return error instanceof CraftsmanCallError ? error.error : { kind: 'failed', status: 0, message: null, fields: {} };
}

/**
 * The job behind the link: loads it, and sends one step at a time. Every step answers the
 * updated job; a link that stopped working meanwhile (revoked, reassigned, closed) turns the
 * whole page into the invalid-link message, with none of the job's data left on screen.
 */
export function useJob(token: string | null) {
  const [loaded, setLoaded] = useState<Loaded>(() =>
    token ? { kind: 'loading' } : { kind: 'invalid', message: s.invalid },
  );
  const [busy, setBusy] = useState<Step | null>(null);
  const [reloading, setReloading] = useState(false);
  const busyRef = useRef<Step | null>(null);

  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) return;
    let live = true;
    craftsmanApi
      .job(token)
      .then(
        (job) => live && setLoaded({ kind: 'ready', job }),
        (error: unknown) => {
          if (!live) return;
          const e = asCallError(error);
          setLoaded(
            e.kind === 'invalid' ? { kind: 'invalid', message: e.message } : { kind: 'failed', message: messageOf(e) },
          );
        },
      )
      .finally(() => live && setReloading(false));
    return () => {
      live = false;
    };
  }, [token, attempt]);

  /** 'Erneut versuchen' after a failed load. */
  const reload = useCallback(() => {
    setReloading(true);
    setAttempt((n) => n + 1);
  }, []);

  /**
   * Runs `work` as step `step` (nothing else can be sent meanwhile). `work` gets `apply` to show
   * an updated job at once (a photo of several), and may return the last one. Resolves to null
   * on success, else to the error, which the step shows beside its own controls.
   */
  const send = useCallback(
    async (
      step: Step,
      work: (token: string, apply: (job: CraftsmanJob) => void) => Promise<CraftsmanJob | void>,
    ): Promise<CallError | null> => {
      if (!token || busyRef.current) return null;
      busyRef.current = step;
      setBusy(step);
      const apply = (job: CraftsmanJob) => setLoaded({ kind: 'ready', job });
      try {
        const job = await work(token, apply);
        if (job) apply(job);
        return null;
      } catch (error) {
        const e = asCallError(error);
        if (e.kind === 'invalid') setLoaded({ kind: 'invalid', message: e.message });
        return e;
      } finally {
        busyRef.current = null;
        setBusy(null);
      }
    },
    [token],
  );

  return { loaded, busy, reloading, reload, send };
}
