import { Icon } from '@/components/ui/icon';
import type { ModerationDocument } from '../api/types';
import { s } from '../strings';

/** A pending post's attachments: photo thumbnails (opening the full picture) and PDFs as links. */
export function Attachments({ documents }: { documents: ModerationDocument[] }) {
  if (documents.length === 0) return null;
  return (
    <ul className="admin-thumbs" aria-label={s.moderation.attachments}>
      {documents.map((doc) => (
        <li key={doc.id}>
          {doc.kind === 'image' ? (
            <a className="admin-thumb" href={doc.document} target="_blank" rel="noreferrer">
              <img src={doc.thumbnail ?? doc.document} alt={s.moderation.image(doc.name)} loading="lazy" />
            </a>
          ) : (
            <a className="admin-pdf-link" href={doc.document} target="_blank" rel="noreferrer">
              <Icon name="file" />
              {s.moderation.pdf(doc.name)}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
