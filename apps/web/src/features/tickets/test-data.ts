// Fixtures of the ticket tests: the contract's shapes with the demo location's values.
import { DEFAULT_TICKET_CATEGORIES, type Profile, type Ticket, type TicketCategory } from '@hausportal/contract';
import { fetchLocation } from '@/entities/location/slice';
import { fetchProfile } from '@/entities/user/slice';
import { anna, stadtpark } from '@/test/residents';

export { anna, stadtpark };

export const categories: TicketCategory[] = DEFAULT_TICKET_CATEGORIES.map((c, i) => ({
  id: i + 1,
  name: c.name,
  emergency: c.emergency,
}));

export const category = (name: string) => categories.find((c) => c.name === name)!;

/** Signs Anna in at the Stadtpark in a test's store. */
export function seedResident<S extends { dispatch: (action: never) => unknown }>(store: S, profile: Profile = anna): S {
  store.dispatch(fetchProfile.fulfilled(profile, 'seed') as never);
  store.dispatch(fetchLocation.fulfilled(stadtpark, 'seed') as never);
  return store;
}

export function aTicket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: 41,
    number: '2026-000041',
    created_at: '2026-11-20T08:15:00.000Z',
    status: 'received',
    category: category('Heizung'),
    scope: 'apartment',
    place: '',
    description: 'Der Heizkörper im Bad tropft.',
    relation: 'reporter',
    contact_consent: true,
    affected_count: 1,
    photos: [],
    events: [
      { id: 1, kind: 'created', author: 'you', status: 'received', text: '', created_at: '2026-11-20T08:15:00.000Z' },
    ],
    appointment_at: null,
    rating: null,
    reopen_until: null,
    merged_into_id: null,
    ...overrides,
  };
}
