import type { FastifyInstance } from 'fastify';
import { apartmentAdminRoutes } from './modules/apartments/apartments.admin.routes.js';
import { auditRoutes } from './modules/audit-log/audit-log.admin.routes.js';
import { staffSessionRoutes } from './modules/auth/auth.admin.routes.js';
import { twoFactorRoutes } from './modules/auth/two-factor.routes.js';
import { requireManager } from './modules/auth/policies.js';
import { documentAdminRoutes } from './modules/documents/documents.admin.routes.js';
import { emailRoutes } from './modules/emails/emails.admin.routes.js';
import { locationAdminRoutes } from './modules/location/location.admin.routes.js';
import { moderationRoutes } from './modules/moderation/moderation.routes.js';
import { noticesAdminRoutes } from './modules/notices/notices.admin.routes.js';
import { parcelAdminRoutes } from './modules/parcels/parcels.admin.routes.js';
import { overviewAdminRoutes } from './modules/overview/overview.admin.routes.js';
import { phoneAdminRoutes } from './modules/phones/phones.admin.routes.js';
import { reportAdminRoutes } from './modules/reports/reports.admin.routes.js';
import { requestAdminRoutes } from './modules/requests/requests.admin.routes.js';
import { residentRoutes } from './modules/residents/residents.admin.routes.js';
import { serviceAdminRoutes } from './modules/services/services.admin.routes.js';
import { ticketAdminRoutes } from './modules/tickets/tickets.admin.routes.js';
import { bookingAdminRoutes } from './modules/bookings/bookings.admin.routes.js';
import { legalAdminRoutes } from './modules/legal/legal.admin.routes.js';
import { webhookAdminRoutes } from './modules/webhooks/webhooks.admin.routes.js';
import { apiKeyAdminRoutes } from './modules/integration/api-keys.admin.routes.js';

/**
 * The back-office API, registered at /api/admin: one manager guard for every route in it.
 * Modules of the back office register here, with paths relative to /api/admin.
 */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requireManager);
  for (const routes of [
    staffSessionRoutes,
    twoFactorRoutes,
    overviewAdminRoutes,
    moderationRoutes,
    reportAdminRoutes,
    noticesAdminRoutes,
    residentRoutes,
    apartmentAdminRoutes,
    locationAdminRoutes,
    documentAdminRoutes,
    phoneAdminRoutes,
    serviceAdminRoutes,
    ticketAdminRoutes,
    parcelAdminRoutes,
    bookingAdminRoutes,
    requestAdminRoutes,
    emailRoutes,
    auditRoutes,
    legalAdminRoutes,
    apiKeyAdminRoutes,
    webhookAdminRoutes,
  ]) {
    await app.register(routes);
  }
}
