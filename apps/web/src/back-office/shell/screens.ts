// Every back-office screen is its own chunk, loaded when first opened (ADR 015).
export const adminScreens = {
  overview: () => import('../overview/overview-page'),
  moderation: () => import('../moderation/moderation-page'),
  tickets: () => import('../tickets/tickets-page'),
  notices: () => import('../notices/notices-page'),
  noticeForm: () => import('../notices/notice-form-page'),
  requests: () => import('../requests/requests-page'),
  residents: () => import('../residents/residents-page'),
  documents: () => import('../documents/documents-page'),
  phones: () => import('../phones/phones-page'),
  services: () => import('../services/services-page'),
  locations: () => import('../locations/locations-page'),
  emails: () => import('../emails/emails-page'),
  audit: () => import('../audit/audit-page'),
};
