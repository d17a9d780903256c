import { useCallback } from 'react';

/**
 * A preview of a chosen photo, made from the file itself, so the resident sees what will be sent.
 * A callback ref: the object URL lives exactly as long as the <img> that shows it.
 */
export function PickedPhoto({
  file,
  alt = '',
  size = 56,
  className = 'picked-thumb',
}: {
  file: Blob;
  alt?: string;
  size?: number;
  className?: string;
}) {
  const attach = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img) return;
      const url = URL.createObjectURL(file);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );
  return <img className={className} ref={attach} alt={alt} width={size} height={size} />;
}
