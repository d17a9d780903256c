import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { MAX_TICKET_PHOTOS, type AdminTicket, type TicketPhoto } from '@hausportal/contract';
import { Modal } from '@/components/ui/modal';
import { ACCEPT, isAcceptedImage, isTooLarge } from '@/lib/files';
import { adminApi } from '../api/admin-api';
import { useUpload } from '../api/upload';
import { describedBy, FieldNotes } from '../components/form-fields';
import { errorMessage } from '../lib/errors';
import { useAdminDispatch } from '../store';
import { t } from './strings';

/** One photo large, in a dialog, with a link to the full file. */
function PhotoDialog({ photo, index, onClose }: { photo: TicketPhoto | null; index: number; onClose: () => void }) {
  return (
    <Modal open={photo !== null} title={t.ticket.photoDialog(index + 1)} onClose={onClose}>
      {photo ? (
        <figure className="ticket-lightbox">
          <img src={photo.url} alt={t.ticket.photoAlt(index + 1, photo.original)} />
          <figcaption>
            <a href={photo.url} target="_blank" rel="noreferrer">
              {t.ticket.photoOriginal}
            </a>
          </figcaption>
        </figure>
      ) : null}
    </Modal>
  );
}

/** Adds a photo (`POST …/photos/`, multipart `photo`), checked in the browser before it is sent. */
function AddPhoto({ ticket }: { ticket: AdminTicket }) {
  const id = useId();
  const upload = useUpload();
  const dispatch = useAdminDispatch();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const full = ticket.photos.length >= MAX_TICKET_PHOTOS;

  const pick = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (isTooLarge(file)) return setError(t.ticket.tooLarge(file.name));
    if (!(await isAcceptedImage(file))) return setError(t.ticket.notImage(file.name));
    const form = new FormData();
    form.set('photo', file, file.name);
    setBusy(true);
    try {
      await upload({ path: `/api/admin/tickets/${ticket.id}/photos/`, form });
      dispatch(
        adminApi.util.invalidateTags([
          { type: 'Tickets', id: ticket.id },
          { type: 'Tickets', id: 'LIST' },
        ]),
      );
      toast.success(t.ticket.uploaded);
      setInputKey((key) => key + 1);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  if (full) return <p className="muted">{t.ticket.photoLimit(MAX_TICKET_PHOTOS)}</p>;
  return (
    <div className={`field ticket-add-photo${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{busy ? t.ticket.uploading : t.ticket.addPhoto}</label>
      <input
        key={inputKey}
        id={id}
        type="file"
        accept={ACCEPT.image}
        disabled={busy}
        aria-busy={busy}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, t.ticket.addPhotoHint, error)}
        onChange={(event) => void pick(event.target.files?.[0])}
      />
      <FieldNotes id={id} hint={t.ticket.addPhotoHint} error={error} alert />
      {busy ? (
        <p role="status" className="muted">
          {t.ticket.uploading}
        </p>
      ) : null}
    </div>
  );
}

/** The ticket's photos as thumbnails that open large, and adding one. */
export function TicketPhotos({ ticket, canAdd }: { ticket: AdminTicket; canAdd: boolean }) {
  const headingId = useId();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {t.ticket.photos} <span className="muted">({ticket.photos.length})</span>
      </h2>
      {ticket.photos.length === 0 ? (
        <p className="muted">{t.ticket.noPhotos}</p>
      ) : (
        <ul className="ticket-photos">
          {ticket.photos.map((photo, index) => (
            <li key={photo.id}>
              <button
                type="button"
                className="ticket-photo-button"
                aria-label={t.ticket.photoOpen(index + 1)}
                onClick={() => setOpen(index)}
              >
                <img src={photo.thumbnail} alt="" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {canAdd ? <AddPhoto ticket={ticket} /> : null}
      <PhotoDialog
        photo={open === null ? null : (ticket.photos[open] ?? null)}
        index={open ?? 0}
        onClose={() => setOpen(null)}
      />
    </section>
  );
}
