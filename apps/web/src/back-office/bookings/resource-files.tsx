import type { ReactNode } from 'react';
import { toast } from 'react-toastify';
import { fileTooLargeMessage, type BookingResource } from '@hausportal/contract';
import { ACCEPT, isAcceptedImage, isPdf, isTooLarge } from '@/lib/files';
import { useUpload } from '../api/upload';
import { ConfirmDialog } from '../components/confirm-dialog';
import { UploadOnPick } from '../components/upload-on-pick';
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
 * refuses a wrong or too large file at once and uploads a good one as soon as it is picked, with
 * progress (PUT, multipart field `file`), 'Entfernen' after asking. The server's answer is the
 * resource, which refreshes the page.
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
  /** Shows a picked photo while it goes up. */
  preview?: boolean;
}) {
  const upload = useUpload();
  const dispatch = useAdminDispatch();
  const removal = useConfirmDelete(useRemoveResourceFileMutation(), {
    argOf: (x: BookingResource) => ({ id: x.id, file: kind.path }),
    title: kind.removeTitle,
    message: () => kind.removeText,
    confirmLabel: f.remove,
    done: f.removed,
  });

  const send = async (file: File, onProgress: (percent: number) => void) => {
    const form = new FormData();
    form.set('file', file, file.name);
    await upload({
      path: `/api/admin/booking-resources/${resource.id}/${kind.path}/`,
      form,
      method: 'PUT',
      onProgress: (loaded, total) => onProgress(Math.round((loaded / total) * 100)),
    });
    dispatch(
      bookingsAdminApi.util.invalidateTags([
        { type: 'BookingResources', id: resource.id },
        { type: 'BookingResources', id: 'LIST' },
        'Audit',
      ]),
    );
  };

  return (
    <div className="booking-file stack">
      <h3>{kind.label}</h3>
      <div className="booking-file-current">{current}</div>
      <UploadOnPick
        label={kind.choose}
        hint={kind.hint}
        accept={kind.accept}
        refuse={kind.refuse}
        send={send}
        onSent={() => toast.success(f.uploaded)}
        preview={preview}
      />
      {has ? (
        <div className="button-row booking-file-buttons">
          <button type="button" className="button button-danger" onClick={() => removal.ask(resource)}>
            {f.remove}
            <span className="visually-hidden">: {kind.label}</span>
          </button>
        </div>
      ) : null}
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
