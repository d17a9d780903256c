import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../lib/errors';
import { s } from '../strings';
import { describedBy, FieldNotes } from './form-fields';
import { ProgressBar } from './progress-bar';

export interface UploadOnPickProps {
  /** The file input's label ('Foto auswählen'). */
  label: string;
  hint: string;
  accept: string;
  /** Why the browser refuses the file (checked by its first bytes), or null to send it. */
  refuse: (file: File) => Promise<string | null>;
  /** Sends the file, reporting what share of it went (0 to 100); the answer refreshes the screen. */
  send: (file: File, onProgress: (percent: number) => void) => Promise<void>;
  /** Said after the upload, e.g. as a toast. */
  onSent?: () => void;
  /** Shows a picked image beside the progress while it goes up. */
  preview?: boolean;
  disabled?: boolean;
}

/**
 * A file that is uploaded as soon as it is picked: no second 'Hochladen' click to forget. A file
 * the browser can tell is wrong is named at once and never sent; while it goes up a progress bar
 * says how far; if it fails, the picked file stays with 'Erneut versuchen', marked as not uploaded.
 */
export function UploadOnPick({ label, hint, accept, refuse, send, onSent, preview, disabled }: UploadOnPickProps) {
  const id = useId();
  const [picked, setPicked] = useState<{ file: File; url: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const live = useRef(true);

  useEffect(
    () => () => {
      if (picked?.url) URL.revokeObjectURL(picked.url);
    },
    [picked],
  );
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );

  const go = async (file: File) => {
    setError(null);
    setProgress(0);
    try {
      await send(file, (percent) => live.current && setProgress(percent));
      if (!live.current) return;
      setPicked(null);
      setInputKey((k) => k + 1);
      onSent?.();
    } catch (e) {
      if (live.current) setError(errorMessage(e));
    } finally {
      if (live.current) setProgress(null);
    }
  };

  const pick = async (file: File | undefined) => {
    setError(null);
    setPicked(null);
    if (!file) return;
    const refused = await refuse(file);
    if (refused) {
      setError(refused);
      setInputKey((k) => k + 1);
      return;
    }
    setPicked({ file, url: preview ? URL.createObjectURL(file) : null });
    await go(file);
  };

  const busy = progress !== null;
  return (
    <div className="admin-upload stack">
      <div className={`field${error ? ' field-invalid' : ''}`}>
        <label htmlFor={id}>{label}</label>
        <input
          key={inputKey}
          id={id}
          type="file"
          accept={accept}
          disabled={disabled || busy}
          aria-busy={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          onChange={(event) => void pick(event.target.files?.[0])}
        />
        <FieldNotes id={id} hint={hint} error={error} alert />
      </div>
      {picked ? (
        <div className="admin-upload-picked">
          {picked.url ? <img className="admin-upload-preview" src={picked.url} alt={s.upload.preview} /> : null}
          <div className="stack admin-upload-state">
            <span className="admin-upload-name">{picked.file.name}</span>
            {busy ? (
              <ProgressBar label={s.upload.progress} value={progress} max={100} text={s.upload.percent(progress)} />
            ) : (
              <>
                <span className="muted">{s.upload.notUploaded}</span>
                <button type="button" className="button" onClick={() => void go(picked.file)}>
                  {s.upload.retry}
                </button>
              </>
            )}
          </div>
        </div>
      ) : null}
    </div>
  );
}
