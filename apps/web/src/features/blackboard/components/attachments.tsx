import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@hausportal/contract';
import { Icon } from '@/components/ui/icon';
import { bodyIsWide } from '@/lib/use-wide';

const Gallery = lazy(() => import('@/components/ui/gallery'));

type Attachment = Message['documents'][number];

/** Previews of a post's photos and PDFs. */
export function Attachments({ documents, size = 'small' }: { documents: Attachment[]; size?: 'small' | 'large' }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(-1);
  const [broken, setBroken] = useState<number[]>([]);
  // The thumbnail that opened the gallery gets the focus back when it closes.
  const opener = useRef<HTMLButtonElement | null>(null);
  if (documents.length === 0) return null;
  const images = documents.filter((d) => d.kind === 'image');
  const pdfs = documents.filter((d) => d.kind !== 'image');

  function openImage(i: number, button: HTMLButtonElement) {
    opener.current = button;
    // product §2.9: the gallery modal only when the body is wider than 500 px, else a new tab.
    if (bodyIsWide()) setIndex(i);
    else window.open(images[i]!.document, '_blank', 'noopener,noreferrer');
  }

  return (
    <div className={`attachments attachments-${size}`} aria-label={t('blackboard.attachments')} role="group">
      {images.map((image, i) => (
        <button
          key={image.id}
          type="button"
          className="attachment-thumb"
          onClick={(event) => openImage(i, event.currentTarget)}
          aria-label={t('blackboard.openImage', { name: image.name })}
        >
          {broken.includes(image.id) ? (
            // A photo that cannot load (offline, an expired link) leaves a calm placeholder.
            <span className="thumb-placeholder">
              <Icon name="camera" />
              <span>{t('app.photoUnavailable')}</span>
            </span>
          ) : (
            <img
              src={image.thumbnail ?? image.document}
              alt=""
              loading="lazy"
              width={size === 'large' ? 280 : 96}
              height={size === 'large' ? 210 : 96}
              onError={() => setBroken((ids) => (ids.includes(image.id) ? ids : [...ids, image.id]))}
            />
          )}
        </button>
      ))}
      {pdfs.map((pdf) => (
        <a
          key={pdf.id}
          className="attachment-pdf"
          href={pdf.document}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('blackboard.openPdf', { name: pdf.name })}
        >
          <img src="/icons/document.svg" alt="" width={28} height={28} />
          <span>{pdf.name}</span>
        </a>
      ))}
      {index >= 0 ? (
        <Suspense fallback={null}>
          <Gallery
            slides={images.map((image) => ({ src: image.document, alt: image.name }))}
            index={index}
            onClose={() => {
              setIndex(-1);
              opener.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
