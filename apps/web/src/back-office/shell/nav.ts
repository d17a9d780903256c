import { s } from '../strings';

/** One entry of the sidebar; `path` is below /admin. */
export interface NavItem {
  path: string;
  label: string;
  /** The count beside the entry: items waiting for moderation, or new tickets. */
  count?: 'moderation' | 'tickets';
  /** Shown to administrators only (their role 'admin'); a manager does not see the entry. */
  adminOnly?: boolean;
}

/** The sidebar in its order. Moderation shows the pending count beside it, Meldungen the new tickets. */
export const navItems: NavItem[] = [
  // The start page, where the manager's day begins.
  { path: '/admin/uebersicht', label: s.nav.overview },
  { path: '/admin/moderation', label: s.nav.moderation, count: 'moderation' },
  { path: '/admin/tickets', label: s.nav.tickets, count: 'tickets' },
  { path: '/admin/notices', label: s.nav.notices },
  { path: '/admin/residents', label: s.nav.residents },
  { path: '/admin/documents', label: s.nav.documents },
  { path: '/admin/phones', label: s.nav.phones },
  { path: '/admin/services', label: s.nav.services },
  { path: '/admin/locations', label: s.nav.locations },
  { path: '/admin/requests', label: s.nav.requests },
  // Shared rooms, approvals and the week's bookings.
  { path: '/admin/buchungen', label: s.nav.bookings },
  // The reception's parcel log, for history and figures.
  { path: '/admin/pakete', label: s.nav.parcels },
  { path: '/admin/emails', label: s.nav.emails },
  { path: '/admin/audit', label: s.nav.audit },
  // Impressum, Datenschutz, Barrierefreiheit, install-wide.
  { path: '/admin/rechtliches', label: s.nav.legal },
  // API keys, webhooks and their deliveries, for administrators.
  { path: '/admin/schnittstellen', label: s.nav.integrations, adminOnly: true },
  { path: '/admin/zwei-faktor', label: s.nav.twoFactor },
];
