import { describe, expect, it } from 'vitest';
import { backOfficeDe } from './back-office';
import { craftsmanDe } from './craftsman';
import { de } from './de';
import { homeNewsDe } from './home-news';
import { homeTicketsDe } from './home-tickets';
import { notificationsDe } from './notifications';
import { postsDe } from './posts';
import { ticketsDe } from './tickets';
import { parcelsDe } from './parcels';

// No English words in the German interface, apart from the spec's own labels.
// English words that crept in before, and others a developer reaches for; the spec's own
// labels ('Like', 'Likes', 'Der Token ist ungültig', the offline text) are allowed where they are.
const ENGLISH = [
  'Push',
  'Tab',
  'JSON',
  'Upload',
  'Download',
  'Account',
  'Feed',
  'Post',
  'Posts',
  'Toast',
  'Settings',
  'Loading',
  'Error',
  'Cancel',
  'Save',
  'Submit',
  'Delete',
  'Edit',
  'Request',
  'Ticket',
  'Tickets',
  'Notification',
  'Dashboard',
  'Home',
  'Update',
  'Logout',
  'Login',
  'Password',
  'Retry',
  'Offline',
  'Online',
];
const SPEC_LABELS = new Set(['Like', 'Likes', 'Der Token ist ungültig', 'Network unavailable, try later.']);

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('the German catalogues', () => {
  const all = strings([
    de,
    postsDe,
    notificationsDe,
    ticketsDe,
    homeTicketsDe,
    homeNewsDe,
    backOfficeDe,
    craftsmanDe,
    parcelsDe,
  ]);

  it('hold no English word outside the spec’s own labels', () => {
    const found = all
      .filter((text) => !SPEC_LABELS.has(text))
      .flatMap((text) =>
        ENGLISH.filter((word) => new RegExp(`(^|[^\\p{L}-])${word}(?![\\p{L}-])`, 'u').test(text)).map(
          (word) => `${word}: ${text}`,
        ),
      );
    expect(found).toEqual([]);
  });

  it('would notice one', () => {
    const probe = 'Push: Neue Beiträge';
    expect(ENGLISH.some((word) => new RegExp(`(^|[^\\p{L}-])${word}(?![\\p{L}-])`, 'u').test(probe))).toBe(true);
    // 'Home-Bildschirm' is the German name of the iPhone's screen, not an English word in a sentence.
    expect(new RegExp(`(^|[^\\p{L}-])Home(?![\\p{L}-])`, 'u').test('zum Home-Bildschirm')).toBe(false);
  });
});
