import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bodyIsWide } from '@/lib/use-wide';
import { Icon } from './icon';

const Gallery = lazy(() => import('./gallery'));

export interface Thumb {
  id: number;
  /** The small picture on the button. */
  src: string;
  /** The photo itself, in the gallery or the new tab. */
  full: string;
  /** The button's name ('Foto 1 öffnen'). */
  label: string;
  /** The photo's text in the gallery. */
  alt: string;
}

/**
 * Photos as buttons with their thumbnails (posts, tickets). A tap opens the gallery modal when the
 * body is wider than 500 px, else the photo in a new tab (product §2.9); the thumbnail that opened
 * the gallery gets the focus back when it closes. The buttons go into the caller's group.
 */
export function PhotoThumbs({ photos, width, height }: { photos: Thumb[]; width: number; height: number }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(-1);
  const [broken, setBroken] = useState<number[]>([]);
  const opener = useRef<HTMLButtonElement | null>(null);

  function open(i: number, button: HTMLButtonElement) {
    opener.current = button;
    if (bodyIsWide()) setIndex(i);
    else window.open(photos[i]!.full, '_blank', 'noopener,noreferrer');
  }

  return (
    <>
      {photos.map((photo, i) => (
        <button
          key={photo.id}
          type="button"
          className="attachment-thumb"
          onClick={(event) => open(i, event.currentTarget)}
          aria-label={photo.label}
        >
          {broken.includes(photo.id) ? (
            // A photo that cannot load (offline, an expired link) leaves a calm placeholder.
            <span className="thumb-placeholder">
              <Icon name="camera" />
              <span>{t('app.photoUnavailable')}</span>
            </span>
          ) : (
            <img
              src={photo.src}
              alt=""
              loading="lazy"
              width={width}
              height={height}
              onError={() => setBroken((ids) => (ids.includes(photo.id) ? ids : [...ids, photo.id]))}
            />
          )}
        </button>
      ))}
      {/* The gallery is a portal on the body, so it adds nothing to the group. */}
      {index >= 0 ? (
        <Suspense fallback={null}>
          <Gallery
            slides={photos.map((photo) => ({ src: photo.full, alt: photo.alt }))}
            index={index}
            onClose={() => {
              setIndex(-1);
              opener.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
