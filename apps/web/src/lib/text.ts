import { config } from '@/config';

/** product §2.9: list previews are cut at 150 characters and get an ellipsis. */
export function truncate(text: string, max: number = config.previewLength): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max).join('').trimEnd()}…`;
}

export interface ContactTokens {
  placeholder: string;
  profile_name: string;
  apartment_number: string;
  location: string;
}

/** product §5.1: fills {placeholder}, {profile_name}, {apartment_number} and {location} in a service's contact_text. */
export function replaceContactTokens(template: string, tokens: ContactTokens): string {
  return template.replace(
    /\{(placeholder|profile_name|apartment_number|location)\}/g,
    (_, key: keyof ContactTokens) => tokens[key],
  );
}

/** product §2.15: 'Wohnung' shows the part of the apartment number after the first dash. */
export function apartmentPart(apartmentNumber: string): string {
  const dash = apartmentNumber.indexOf('-');
  return dash === -1 ? apartmentNumber : apartmentNumber.slice(dash + 1);
}

/** Phone numbers compare without white space (product §5.8). */
export function normalizeNumber(number: string): string {
  return number.replace(/\s+/g, '');
}

/** A value for a `tel:` link. */
export function telHref(number: string): string {
  return `tel:${normalizeNumber(number)}`;
}

/** The file name without its extension, as the attachment upload's `name` field wants it. */
export function baseName(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(0, dot) : filename;
}
