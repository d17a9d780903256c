/**
 * An e-mail address that may break after its '@' (and only there, unless it must) when a narrow
 * table needs the room: 'rezeption@' / 'stadtpark.example.org' rather than a page scrolling sideways.
 */
export function EmailAddress({ address }: { address: string }) {
  const at = address.indexOf('@');
  if (at < 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </>
  );
}
