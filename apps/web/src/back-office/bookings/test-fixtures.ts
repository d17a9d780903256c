import type { AdminBooking, BookingResource } from '@hausportal/contract';

export const manager = {
  id: 5,
  name: 'Petra Verwalterin',
  email: 'petra@example.org',
  role: 'manager',
  locations: [{ id: 1, title: 'Residenz am Stadtpark', name: 'stadtpark' }],
  access_days: { opens_before_move_in: 14, closes_after_move_out: 30 },
};

export const guestFlat: BookingResource = {
  id: 1,
  location_id: 1,
  name: 'Gästewohnung',
  description: 'Zwei Zimmer mit Bad.',
  house_rules: 'Abreise bis 11 Uhr.',
  mode: 'days',
  slot_minutes: 120,
  day_start: '07:00',
  day_end: '22:00',
  horizon_days: 90,
  max_length: 7,
  quota_count: 2,
  quota_period: 'month',
  cancel_hours: 48,
  approval_required: true,
  fee_text: '25 € pro Nacht',
  price_per_night_cents: 2500,
  blocks: [],
  photo: null,
  house_rules_pdf: null,
};

export const laundry: BookingResource = {
  ...guestFlat,
  id: 2,
  name: 'Waschküche',
  description: 'Zwei Maschinen im Keller.',
  house_rules: '',
  mode: 'slots',
  horizon_days: 14,
  max_length: 2,
  quota_count: 3,
  quota_period: 'week',
  cancel_hours: 2,
  approval_required: false,
  fee_text: '',
  price_per_night_cents: null,
};

/** A guest-flat booking from 13 to 15 June 2030 (two nights), waiting for approval. */
export const pending: AdminBooking = {
  id: 7,
  resource_id: 1,
  resource_name: 'Gästewohnung',
  mode: 'days',
  starts_at: '2030-06-12T22:00:00.000Z',
  ends_at: '2030-06-14T22:00:00.000Z',
  check_in: '2030-06-13',
  check_out: '2030-06-15',
  status: 'pending',
  status_label: 'Wartet auf Freigabe',
  decision_reason: '',
  note: 'Besuch der Eltern',
  cancellable_until: '2030-06-11T22:00:00.000Z',
  can_cancel: true,
  created_at: '2030-06-01T10:00:00.000Z',
  user_id: 3,
  resident_name: 'Anna Achter',
  apartment_number: 'A-0101',
  location_id: 1,
};

/** A laundry slot on Tuesday 18 June 2030, 09:00–11:00 Berlin. */
export const washing: AdminBooking = {
  ...pending,
  id: 8,
  resource_id: 2,
  resource_name: 'Waschküche',
  mode: 'slots',
  starts_at: '2030-06-18T07:00:00.000Z',
  ends_at: '2030-06-18T09:00:00.000Z',
  check_in: null,
  check_out: null,
  status: 'approved',
  status_label: 'Gebucht',
  note: '',
  resident_name: 'Bernd Bauer',
  apartment_number: 'A-0102',
};
