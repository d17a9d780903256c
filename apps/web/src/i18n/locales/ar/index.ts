// Every string of the resident app in Arabic, loaded as one chunk when the language is chosen.
// Each file mirrors a German catalogue of src/i18n (LocaleFiles in ../../index.ts); nothing
// falls back to German: catalogues.test.ts fails on a missing key or plural form.
export { core } from './core';
export { posts } from './posts';
export { notifications } from './notifications';
export { tickets } from './tickets';
export { homeTickets } from './home-tickets';
export { activation } from './activation';
export { homeNews } from './home-news';
export { sessions } from './sessions';
export { bookings } from './bookings';
export { parcels } from './parcels';
export { legal } from './legal';
export { backOffice } from './back-office';
