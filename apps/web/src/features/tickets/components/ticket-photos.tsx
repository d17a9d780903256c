import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_TICKET_PHOTOS, type TicketPhoto } from '@hausportal/contract';
import { FormErrorList } from '@/components/ui/field';
import { PhotoThumbs } from '@/components/ui/photo-thumbs';
import { parseErrorBody } from '@/lib/api-client';
import { describeError } from '@/lib/form-errors';
import { addTicketPhoto } from '../api';
import { preparePhotos } from '../prepare-photos';
import { PhotoPicker } from './photo-picker';

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
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [added, setAdded] = useState(false);
  const full = photos.length >= MAX_TICKET_PHOTOS;

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
          <PhotoThumbs
            photos={photos.map((photo, i) => ({
              id: photo.id,
              src: photo.thumbnail || photo.url,
              full: photo.url,
              label: t('tickets.openPhoto', { n: i + 1 }),
              alt: t('tickets.photoAlt', { n: i + 1 }),
            }))}
            width={280}
            height={210}
          />
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
    </section>
  );
}
