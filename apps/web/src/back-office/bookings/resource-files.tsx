import { useEffect, useId, useState, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { fileTooLargeMessage, type BookingResource } from '@hausportal/contract';
import { ACCEPT, isAcceptedImage, isPdf, isTooLarge } from '@/lib/files';
import { useUpload } from '../api/upload';
import { ConfirmDialog } from '../components/confirm-dialog';
import { describedBy, FieldNotes } from '../components/form-fields';
import { ProgressBar } from '../components/progress-bar';
import { errorMessage } from '../lib/errors';
import { useConfirmDelete } from '../lib/use-confirm-delete';
import { useAdminDispatch } from '../store';
import { bookingsAdminApi, useRemoveResourceFileMutation, type ResourceFile } from './api';
import { t } from './strings';

const f = t.files;

interface FileKind {
  path: ResourceFile;
  label: string;
  hint: string;
  choose: string;
  accept: string;
  /** Null when the file is one the server takes, else why not (checked by its first bytes). */
  refuse: (file: File) => Promise<string | null>;
  removeTitle: string;
  removeText: string;
}

const KINDS: Record<ResourceFile, FileKind> = {
  photo: {
    path: 'photo',
    label: f.photo,
    hint: f.photoHint,
    choose: f.choosePhoto,
    accept: ACCEPT.image,
    refuse: async (file) =>
      isTooLarge(file) ? fileTooLargeMessage(file.name) : (await isAcceptedImage(file)) ? null : f.notImage(file.name),
    removeTitle: f.removePhotoTitle,
    removeText: f.removePhotoText,
  },
  'house-rules': {
    path: 'house-rules',
    label: f.pdf,
    hint: f.pdfHint,
    choose: f.choosePdf,
    accept: ACCEPT.pdf,
    refuse: async (file) =>
      isTooLarge(file) ? fileTooLargeMessage(file.name) : (await isPdf(file)) ? null : f.notPdf(file.name),
    removeTitle: f.removePdfTitle,
    removeText: f.removePdfText,
  },
};

/**
 * One file of a resource (its photo or its house rules as a PDF): what it has now, a picker that
 * refuses a wrong or too large file at once, 'Hochladen' with progress (PUT, multipart field
 * `file`), 'Entfernen' after asking. The server's answer is the resource, which refreshes the page.
 */
function FileField({
  resource,
  kind,
  current,
  has,
  preview,
}: {
  resource: BookingResource;
  kind: FileKind;
  /** Whether the resource has this file now (then it can be removed). */
  has: boolean;
  /** What the resource has now (an image, a link), or null. */
  current: ReactNode;
  /** Shows a picked photo before it is sent. */
  preview?: boolean;
}) {
  const id = useId();
  const upload = useUpload();
  const dispatch = useAdminDispatch();
  const [picked, setPicked] = useState<{ file: File; url: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const removal = useConfirmDelete(useRemoveResourceFileMutation(), {
    argOf: (x: BookingResource) => ({ id: x.id, file: kind.path }),
    title: kind.removeTitle,
    message: () => kind.removeText,
    confirmLabel: f.remove,
    done: f.removed,
  });

  useEffect(
    () => () => {
      if (picked?.url) URL.revokeObjectURL(picked.url);
    },
    [picked],
  );

  const pick = async (file: File | undefined) => {
    setError(null);
    setPicked(null);
    if (!file) return;
    const refused = await kind.refuse(file);
    if (refused) {
      setError(refused);
      setInputKey((k) => k + 1);
    } else setPicked({ file, url: preview ? URL.createObjectURL(file) : null });
  };

  const send = async () => {
    if (!picked) return;
    const form = new FormData();
    form.set('file', picked.file, picked.file.name);
    setProgress(0);
    try {
      await upload({
        path: `/api/admin/booking-resources/${resource.id}/${kind.path}/`,
        form,
        method: 'PUT',
        onProgress: (loaded, total) => setProgress(Math.round((loaded / total) * 100)),
      });
      dispatch(
        bookingsAdminApi.util.invalidateTags([
          { type: 'BookingResources', id: resource.id },
          { type: 'BookingResources', id: 'LIST' },
          'Audit',
        ]),
      );
      toast.success(f.uploaded);
      setPicked(null);
      setInputKey((k) => k + 1);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="booking-file stack">
      <h3>{kind.label}</h3>
      <div className="booking-file-current">{current}</div>
      {picked?.url ? <img className="booking-file-preview" src={picked.url} alt={f.preview} /> : null}
      <div className={`field${error ? ' field-invalid' : ''}`}>
        <label htmlFor={id}>{kind.choose}</label>
        <input
          key={inputKey}
          id={id}
          type="file"
          accept={kind.accept}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, kind.hint, error)}
          onChange={(event) => void pick(event.target.files?.[0])}
        />
        <FieldNotes id={id} hint={kind.hint} error={error} alert />
      </div>
      {progress !== null ? (
        <ProgressBar label={f.progress} value={progress} max={100} text={f.percent(progress)} />
      ) : null}
      <div className="button-row booking-file-buttons">
        <button
          type="button"
          className="button button-primary"
          disabled={!picked || progress !== null}
          aria-busy={progress !== null}
          onClick={() => void send()}
        >
          {progress !== null ? f.uploading : f.upload}
          <span className="visually-hidden">: {kind.label}</span>
        </button>
        {has ? (
          <button type="button" className="button button-danger" onClick={() => removal.ask(resource)}>
            {f.remove}
            <span className="visually-hidden">: {kind.label}</span>
          </button>
        ) : null}
      </div>
      <ConfirmDialog {...removal.dialog} />
    </div>
  );
}

/** 'Foto und Hausordnung als PDF' of a saved resource. */
export function ResourceFiles({ resource }: { resource: BookingResource }) {
  const pdf = resource.house_rules_pdf;
  return (
    <section className="card stack" aria-labelledby="files-heading">
      <h2 id="files-heading">{f.heading}</h2>
      <div className="booking-files">
        <FileField
          resource={resource}
          kind={KINDS.photo}
          has={resource.photo !== null}
          preview
          current={
            resource.photo ? (
              <img className="booking-file-photo" src={resource.photo.thumbnail} alt={f.photoAlt(resource.name)} />
            ) : (
              <p className="muted">{f.noPhoto}</p>
            )
          }
        />
        <FileField
          resource={resource}
          kind={KINDS['house-rules']}
          has={pdf !== null}
          current={
            pdf ? (
              <p>
                <a href={pdf.url} target="_blank" rel="noopener noreferrer">
                  {pdf.name}
                  <span className="visually-hidden"> {f.newTab}</span>
                </a>{' '}
                <span className="muted">({f.size(Math.max(1, Math.round(pdf.size / 1024)))})</span>
              </p>
            ) : (
              <p className="muted">{f.noPdf}</p>
            )
          }
        />
      </div>
    </section>
  );
}
