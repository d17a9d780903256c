// Every string of the resident app in Polish (issue 25), loaded as one chunk when the language is
// chosen. Each file mirrors a German catalogue of src/i18n; nothing falls back to German:
// catalogues.test.ts fails on a missing key or plural form.
import { core } from './core';
import { posts } from './posts';
import { notifications } from './notifications';
import { tickets } from './tickets';
import { homeTickets } from './home-tickets';
import { activation } from './activation';
import { homeNews } from './home-news';
import { sessions } from './sessions';
import { bookings } from './bookings';
import { parcels } from './parcels';
import { legal } from './legal';
import { backOffice } from './back-office';

const catalogue: readonly object[] = [
  core,
  posts,
  notifications,
  tickets,
  homeTickets,
  activation,
  homeNews,
  sessions,
  bookings,
  parcels,
  legal,
  { backOffice },
];
export default catalogue;
