import type { AdminTicket, AdminTicketListItem, AdminTicketStats } from '@hausportal/contract';
import type { TicketCategoryRow } from './api';

// Rows as the API answers them, for the ticket screens' tests.

export const me = {
  id: 5,
  name: 'Petra Verwalterin',
  email: 'petra@example.org',
  role: 'manager',
  locations: [
    { id: 1, title: 'Residenz am Stadtpark', name: 'stadtpark' },
    { id: 2, title: 'Haus am See', name: 'see' },
  ],
  access_days: { opens_before_move_in: 14, closes_after_move_out: 30 },
};

export const oneLocationMe = { ...me, locations: [me.locations[0]!] };

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

export function listItem(id: number, extra: Partial<AdminTicketListItem> = {}): AdminTicketListItem {
  return {
    id,
    number: `2026-${String(id).padStart(6, '0')}`,
    location_id: 1,
    location_title: 'Residenz am Stadtpark',
    created_at: hoursAgo(30),
    last_activity_at: hoursAgo(30),
    status: 'received',
    category_name: 'Heizung',
    scope: 'apartment',
    place: 'Bad',
    excerpt: 'Der Heizkörper im Bad tropft.',
    reporter: { id: 11, name: 'Anna Beispiel', apartment_number: '0101' },
    affected_count: 1,
    assignee: null,
    stale: false,
    photo_count: 0,
    ...extra,
  };
}

export function ticket(extra: Partial<AdminTicket> = {}): AdminTicket {
  return {
    ...listItem(7),
    created_at: '2026-11-20T08:15:00Z',
    description: 'Der Heizkörper im Bad tropft seit gestern.\nBitte schnell.',
    category_id: 3,
    contact_consent: true,
    contact_phone: '0170 1234567',
    source: 'app',
    photos: [
      {
        id: 1,
        url: '/api/media/p1.jpg',
        thumbnail: '/api/media/p1-t.jpg',
        created_at: '2026-11-20T08:15:00Z',
        original: true,
      },
    ],
    events: [
      {
        id: 1,
        kind: 'created',
        author: 'resident',
        author_name: 'Anna Beispiel',
        status: 'received',
        text: '',
        internal: false,
        created_at: '2026-11-20T08:15:00Z',
      },
      {
        id: 2,
        kind: 'message',
        author: 'management',
        author_name: 'Petra Verwalterin',
        status: null,
        text: 'Wir kümmern uns darum.',
        internal: false,
        created_at: '2026-11-20T09:00:00Z',
      },
      {
        id: 3,
        kind: 'note',
        author: 'management',
        author_name: 'Petra Verwalterin',
        status: null,
        text: 'Mieterin ist schwierig, vorher anrufen.',
        internal: true,
        created_at: '2026-11-20T09:05:00Z',
      },
    ],
    assignment: null,
    appointment_at: null,
    merged_into: null,
    rating: null,
    building_id: null,
    reported_done_at: null,
    receipt_sha256: 'a3f1c2'.padEnd(64, '0'),
    ...extra,
  };
}

export function category(id: number, name: string, extra: Partial<TicketCategoryRow> = {}): TicketCategoryRow {
  return {
    id,
    name,
    emergency: false,
    location_id: 1,
    sort_order: id - 1,
    archived: false,
    ticket_count: 0,
    translations: {},
    ...extra,
  };
}

export const categories = [
  category(1, 'Heizung', { emergency: true, ticket_count: 4 }),
  category(2, 'Aufzug', { ticket_count: 1, translations: { tr: { name: 'Asansör' } } }),
  category(3, 'Sonstiges'),
];

export const provider = {
  id: 21,
  name: 'Heizung Huber',
  phone: '030 123',
  hide_phone: false,
  text: '',
  contact: '',
  hours: '',
  email: 'huber@example.org',
  website: '',
  allow_form_contact: true,
  placeholder: '',
  service_id: 2,
  service_title: 'Handwerker',
  location_id: 1,
  category_ids: [] as number[],
};

export const stats: AdminTicketStats = {
  from: '2026-08-27',
  to: '2026-11-24',
  tickets: 12,
  by_category: [
    { category: 'Heizung', tickets: 6 },
    { category: 'Aufzug', tickets: 4 },
    { category: 'Sonstiges', tickets: 2 },
  ],
  median_first_response_hours: 5.5,
  median_done_hours: 76.8,
  average_rating: 4.25,
  ratings: 4,
  reports_per_ticket: 1.5,
  avoided_reports: 6,
};
