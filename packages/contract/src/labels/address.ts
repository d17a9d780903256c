/** A postal address as the back office stores it (a location's, or a building's of it). */
export interface PostalAddress {
  street: string;
  postal_code: string;
  city: string;
}

/** 'Parkstraße 5, 10115 Berlin', leaving out what is empty; '' without any of it. */
export function formatAddress(a: PostalAddress): string {
  const town = [a.postal_code, a.city].filter(Boolean).join(' ');
  return [a.street, town].filter(Boolean).join(', ');
}

/**
 * A link that opens the address on OpenStreetMap (a search, so no coordinates need storing and no
 * third party is asked while the page loads); null without a street.
 */
export function mapUrl(a: PostalAddress): string | null {
  if (!a.street.trim()) return null;
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(formatAddress(a))}`;
}

/** A building's address where it has one, else its location's (the one a craftsman goes to). */
export function addressOf(location: PostalAddress, building?: PostalAddress | null): PostalAddress {
  return building && building.street.trim() ? building : location;
}
