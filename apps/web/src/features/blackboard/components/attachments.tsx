import { useTranslation } from 'react-i18next';
import type { Message } from '@hausportal/contract';
import { PhotoThumbs } from '@/components/ui/photo-thumbs';

type Attachment = Message['documents'][number];

/** Previews of a post's photos and PDFs. */
export function Attachments({ documents, size = 'small' }: { documents: Attachment[]; size?: 'small' | 'large' }) {
  const { t } = useTranslation();
  if (documents.length === 0) return null;
  const images = documents.filter((d) => d.kind === 'image');
  const pdfs = documents.filter((d) => d.kind !== 'image');

  return (
    <div className={`attachments attachments-${size}`} aria-label={t('blackboard.attachments')} role="group">
      <PhotoThumbs
        photos={images.map((image) => ({
          id: image.id,
          src: image.thumbnail ?? image.document,
          full: image.document,
          label: t('blackboard.openImage', { name: image.name }),
          alt: image.name,
        }))}
        width={size === 'large' ? 280 : 96}
        height={size === 'large' ? 210 : 96}
      />
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
          <span dir="auto">{pdf.name}</span>
        </a>
      ))}
    </div>
  );
}
