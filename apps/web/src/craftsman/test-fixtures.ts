import type { CraftsmanJob } from '@hausportal/contract';

export const TOKEN = 'tok_3Fj9-xQ';
export const JOB_URL = `/api/auftrag/${TOKEN}/`;

/** A job as `GET /api/auftrag/{token}/` answers it, offered to the craftsman, without contact. */
export function job(overrides: Partial<CraftsmanJob> = {}): CraftsmanJob {
  return {
    number: '2026-000123',
    location_title: 'Residenz am Stadtpark',
    location_address: 'Parkstraße 1, 10115 Berlin',
    building: null,
    access_note: '',
    map_url: null,
    read_only: false,
    readable_until: null,
    category_name: 'Heizung',
    scope: 'apartment',
    place: '',
    description: 'Der Heizkörper im Bad tropft seit Montag.',
    message: 'Bitte bis Freitag, Schlüssel beim Hausmeister.',
    status: 'craftsman_assigned',
    state: 'offered',
    appointment_at: null,
    contact: null,
    photos: [
      {
        id: 7,
        url: '/api/media/ticket-7.jpg?sig=a',
        thumbnail: '/api/media/ticket-7-thumb.jpg?sig=b',
        created_at: '2026-11-23T08:00:00Z',
        original: true,
      },
    ],
    events: [
      {
        id: 1,
        kind: 'assigned',
        author: 'management',
        status: 'craftsman_assigned',
        text: 'Bitte bis Freitag, Schlüssel beim Hausmeister.',
        created_at: '2026-11-23T09:15:00Z',
      },
    ],
    ...overrides,
  };
}
