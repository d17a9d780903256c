// The demo data's first resident and her location, as the tests sign them in.
import type { Location, Profile } from '@hausportal/contract';

/** Anna Beispiel, resident of A-0101 at the Stadtpark (README, demo accounts). */
export const anna: Profile = {
  id: 1,
  name: 'Anna Beispiel',
  email: 'a@example.org',
  profile_picture: null,
  apartment_number: 'A-0101',
  emergency_services_deactivated: false,
  is_receptionist: false,
  language: 'de',
  location_id: 1,
};

/** 'Residenz am Stadtpark' with its emergency number; residents may not post. */
export const stadtpark: Location = {
  id: 1,
  title: 'Residenz am Stadtpark',
  name: 'Residenz',
  logo: null,
  direct_call: false,
  direct_number: '+49 30 9876 5432',
  default_service_id: 3,
  default_service_name: 'Rezeption',
  default_service_always: false,
  text: '',
  hours: '',
  phone: '',
  email: '',
  free_text: '',
  residents_can_post: false,
};
