import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_TICKET_PHOTOS, type TicketPhoto } from '@hausportal/contract';
import { FormErrorList } from '@/components/ui/field';
import { Icon } from '@/components/ui/icon';
import { parseErrorBody } from '@/lib/api-client';
import { describeError } from '@/lib/form-errors';
import { bodyIsWide } from '@/lib/use-wide';
import { addTicketPhoto } from '../api';
import { preparePhotos } from '../prepare-photos';
import { PhotoPicker } from './photo-picker';

const Gallery = lazy(() => import('@/components/ui/gallery'));

/**
 * A ticket's photos as thumbnails that open large, as on the blackboard (product §2.9: the
 * gallery on screens wider than 500 px, a new tab on a phone), and 'Foto hinzufügen', shrunk on
 * the phone like the report's.
 */
export function TicketPhotos({
  ticketId,
  photos,
  canAdd,
  onAdded,
}: {
  ticketId: number;
  photos: TicketPhoto[];
  canAdd: boolean;
  onAdded: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const [index, setIndex] = useState(-1);
  const [broken, setBroken] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [added, setAdded] = useState(false);
  const opener = useRef<HTMLButtonElement | null>(null);
  const full = photos.length >= MAX_TICKET_PHOTOS;

  function open(i: number, button: HTMLButtonElement) {
    opener.current = button;
    if (bodyIsWide()) setIndex(i);
    else window.open(photos[i]!.url, '_blank', 'noopener,noreferrer');
  }

  async function onPick(files: File[]) {
    setBusy(true);
    setAdded(false);
    const prepared = await preparePhotos([], files.slice(0, 1), 1, t);
    const messages = [...prepared.errors];
    const photo = prepared.photos[0];
    if (photo) {
      try {
        await addTicketPhoto(ticketId, photo.file, () => undefined);
        setAdded(true);
        onAdded();
      } catch (failure) {
        const described = describeError(parseErrorBody(failure), t);
        messages.push(described.general ?? Object.values(described.fields).join(' '));
      }
    }
    setErrors(messages);
    setBusy(false);
  }

  if (photos.length === 0 && !canAdd) return null;
  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('tickets.photosHeading')}</h2>
      {photos.length > 0 ? (
        <div className="attachments attachments-large ticket-photos" role="group" aria-labelledby={headingId}>
          {photos.map((photo, i) => (
            <button
              key={photo.id}
              type="button"
              className="attachment-thumb"
              onClick={(event) => open(i, event.currentTarget)}
              aria-label={t('tickets.openPhoto', { n: i + 1 })}
            >
              {broken.includes(photo.id) ? (
                <span className="thumb-placeholder">
                  <Icon name="camera" />
                  <span>{t('app.photoUnavailable')}</span>
                </span>
              ) : (
                <img
                  src={photo.thumbnail || photo.url}
                  alt=""
                  loading="lazy"
                  width={280}
                  height={210}
                  onError={() => setBroken((ids) => (ids.includes(photo.id) ? ids : [...ids, photo.id]))}
                />
              )}
            </button>
          ))}
        </div>
      ) : null}
      {canAdd ? (
        full ? (
          <p className="muted">{t('tickets.maxPhotos')}</p>
        ) : (
          <>
            <PhotoPicker
              photos={[]}
              max={1}
              preparing={busy}
              errors={[]}
              disabled={busy}
              onPick={(files) => void onPick(files)}
              onRemove={() => undefined}
              label={busy ? t('tickets.addingPhoto') : t('tickets.addPhoto')}
              hint={t('tickets.addPhotoHint')}
              multiple={false}
            />
            <FormErrorList messages={errors} />
            <p className="success-text" role="status">
              {added ? t('tickets.photoAdded') : ''}
            </p>
          </>
        )
      ) : null}
      {index >= 0 ? (
        <Suspense fallback={null}>
          <Gallery
            slides={photos.map((photo, i) => ({ src: photo.url, alt: t('tickets.photoAlt', { n: i + 1 }) }))}
            index={index}
            onClose={() => {
              setIndex(-1);
              opener.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
