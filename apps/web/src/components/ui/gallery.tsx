import Lightbox from 'yet-another-react-lightbox';
import 'yet-another-react-lightbox/styles.css';
import { useTranslation } from 'react-i18next';

export interface GallerySlide {
  src: string;
  alt: string;
}

/** The image gallery modal (posts, tickets); loaded only when someone opens it on a wide screen. */
export default function Gallery({
  slides,
  index,
  onClose,
}: {
  slides: GallerySlide[];
  index: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Lightbox
      open
      index={index}
      close={onClose}
      slides={slides}
      carousel={{ finite: true }}
      render={slides.length < 2 ? { buttonPrev: () => null, buttonNext: () => null } : undefined}
      // Every label the viewer reads out, in the resident's language; the library's own are English.
      labels={{
        Close: t('app.close'),
        Previous: t('blackboard.galleryPrevious'),
        Next: t('blackboard.galleryNext'),
        Lightbox: t('blackboard.gallery'),
        'Photo gallery': t('blackboard.galleryCarousel'),
        Carousel: t('blackboard.galleryCarousel'),
        Slide: t('blackboard.gallerySlide'),
        '{index} of {total}': t('blackboard.galleryPosition'),
      }}
    />
  );
}
