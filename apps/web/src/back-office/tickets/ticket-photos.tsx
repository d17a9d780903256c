import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { MAX_TICKET_PHOTOS, type AdminTicket, type TicketPhoto } from '@hausportal/contract';
import { Modal } from '@/components/ui/modal';
import { ACCEPT, isAcceptedImage, isTooLarge } from '@/lib/files';
import { adminApi } from '../api/admin-api';
import { useUpload } from '../api/upload';
import { UploadOnPick } from '../components/upload-on-pick';
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

/** Adds a photo (`POST …/photos/`, multipart `photo`) as soon as it is picked, checked in the browser first. */
function AddPhoto({ ticket }: { ticket: AdminTicket }) {
  const upload = useUpload();
  const dispatch = useAdminDispatch();
  const full = ticket.photos.length >= MAX_TICKET_PHOTOS;

  const refuse = async (file: File) =>
    isTooLarge(file)
      ? t.ticket.tooLarge(file.name)
      : (await isAcceptedImage(file))
        ? null
        : t.ticket.notImage(file.name);

  const send = async (file: File, onProgress: (percent: number) => void) => {
    const form = new FormData();
    form.set('photo', file, file.name);
    await upload({
      path: `/api/admin/tickets/${ticket.id}/photos/`,
      form,
      onProgress: (loaded, total) => onProgress(Math.round((loaded / total) * 100)),
    });
    dispatch(
      adminApi.util.invalidateTags([
        { type: 'Tickets', id: ticket.id },
        { type: 'Tickets', id: 'LIST' },
      ]),
    );
  };

  if (full) return <p className="muted">{t.ticket.photoLimit(MAX_TICKET_PHOTOS)}</p>;
  return (
    <div className="ticket-add-photo">
      <UploadOnPick
        label={t.ticket.addPhoto}
        hint={t.ticket.addPhotoHint}
        accept={ACCEPT.image}
        refuse={refuse}
        send={send}
        onSent={() => toast.success(t.ticket.uploaded)}
      />
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
