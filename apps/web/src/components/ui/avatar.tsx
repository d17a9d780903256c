/** A round picture of a person, or the default avatar when there is none. */
export function Avatar({ src, alt, size = 48 }: { src: string | null | undefined; alt: string; size?: number }) {
  return (
    <img
      className="avatar"
      src={src || '/default-avatar.svg'}
      alt={alt}
      width={size}
      height={size}
      onError={(event) => {
        // An expired signed URL must not leave a broken image behind.
        const img = event.currentTarget;
        if (!img.src.endsWith('/default-avatar.svg')) img.src = '/default-avatar.svg';
      }}
    />
  );
}
