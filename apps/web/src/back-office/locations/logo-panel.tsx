import { useEffect, useId, useState } from 'react';
import { toast } from 'react-toastify';
import type { AdminLocation } from '@hausportal/contract';
import { ACCEPT, isAcceptedImage, isTooLarge } from '@/lib/files';
import { adminApi } from '../api/admin-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { describedBy, FieldNotes } from '../components/form-fields';
import { errorMessage } from '../lib/errors';
import { useConfirmDelete } from '../lib/use-confirm-delete';
import { useAdminDispatch } from '../store';
import { ProgressBar } from '../components/progress-bar';
import { useUpload } from '../api/upload';
import { useRemoveLogoMutation } from './api';
import { t } from './strings';

/** The location's logo: the current one, a preview of a picked file, upload with progress, removal. */
export function LogoPanel({ location }: { location: AdminLocation }) {
  const id = useId();
  const upload = useUpload();
  const dispatch = useAdminDispatch();
  // The picked file with its preview, a local object URL freed when another file replaces it.
  const [picked, setPicked] = useState<{ file: File; url: string } | null>(null);
  const file = picked?.file ?? null;
  const preview = picked?.url ?? null;
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const removal = useConfirmDelete(useRemoveLogoMutation(), {
    argOf: (shown: AdminLocation) => shown.id,
    title: t.logo.removeTitle,
    message: () => t.logo.removeText,
    confirmLabel: t.logo.remove,
    done: t.logo.removed,
  });

  useEffect(
    () => () => {
      if (picked) URL.revokeObjectURL(picked.url);
    },
    [picked],
  );

  const pick = async (chosen: File | undefined) => {
    setError(null);
    setPicked(null);
    if (!chosen) return;
    if (isTooLarge(chosen)) {
      setError(t.logo.tooLarge(chosen.name));
    } else if (!(await isAcceptedImage(chosen))) {
      setError(t.logo.notImage(chosen.name));
    } else {
      setPicked({ file: chosen, url: URL.createObjectURL(chosen) });
    }
  };

  const send = async () => {
    if (!file) return;
    const form = new FormData();
    form.set('logo', file, file.name);
    setProgress(0);
    try {
      await upload({
        path: `/api/admin/locations/${location.id}/logo/`,
        form,
        method: 'PUT',
        onProgress: (loaded, total) => setProgress(Math.round((loaded / total) * 100)),
      });
      dispatch(
        adminApi.util.invalidateTags([
          { type: 'Locations', id: location.id },
          { type: 'Locations', id: 'LIST' },
          'Audit',
        ]),
      );
      toast.success(t.logo.uploaded);
      setPicked(null);
      setInputKey((key) => key + 1);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setProgress(null);
    }
  };

  return (
    <section className="card stack" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t.sections.logo}</h2>
      <div className="admin-logo-preview">
        {location.logo ? (
          <figure>
            <img src={location.logo} alt={t.logo.alt(location.title)} />
            <figcaption className="muted">{t.logo.current}</figcaption>
          </figure>
        ) : (
          <p className="muted">{t.logo.none}</p>
        )}
        {preview ? (
          <figure>
            <img src={preview} alt={t.logo.preview} />
            <figcaption className="muted">{t.logo.preview}</figcaption>
          </figure>
        ) : null}
      </div>
      <div className={`field${error ? ' field-invalid' : ''}`}>
        <label htmlFor={id}>{t.logo.choose}</label>
        <input
          key={inputKey}
          id={id}
          type="file"
          accept={ACCEPT.image}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, t.logo.hint, error)}
          onChange={(event) => void pick(event.target.files?.[0])}
        />
        <FieldNotes id={id} hint={t.logo.hint} error={error} alert />
      </div>
      {progress !== null ? (
        <ProgressBar label={t.logo.progress} value={progress} max={100} text={t.logo.percent(progress)} />
      ) : null}
      <div className="button-row">
        <button
          type="button"
          className="button button-primary"
          disabled={!file || progress !== null}
          aria-busy={progress !== null}
          onClick={() => void send()}
        >
          {progress !== null ? t.logo.uploading : t.logo.upload}
        </button>
        {location.logo ? (
          <button type="button" className="button button-danger" onClick={() => removal.ask(location)}>
            {t.logo.remove}
          </button>
        ) : null}
      </div>
      <ConfirmDialog {...removal.dialog} />
    </section>
  );
}
