import type { FastifyInstance } from 'fastify';
import { apartmentAdminRoutes } from '../apartments/apartments.admin.routes.js';
import { auditRoutes } from '../audit/audit.admin.routes.js';
import { staffSessionRoutes } from '../auth/auth.admin.routes.js';
import { twoFactorRoutes } from '../auth/two-factor.routes.js';
import { requireManager } from '../auth/policies.js';
import { documentAdminRoutes } from '../documents/documents.admin.routes.js';
import { emailRoutes } from '../emails/emails.admin.routes.js';
import { locationAdminRoutes } from '../location/location.admin.routes.js';
import { moderationRoutes } from '../moderation/moderation.routes.js';
import { noticesAdminRoutes } from '../notices/notices.admin.routes.js';
import { parcelAdminRoutes } from '../parcels/parcels.admin.routes.js';
import { overviewAdminRoutes } from '../overview/overview.admin.routes.js';
import { phoneAdminRoutes } from '../phones/phones.admin.routes.js';
import { reportAdminRoutes } from '../reports/reports.admin.routes.js';
import { requestAdminRoutes } from '../requests/requests.admin.routes.js';
import { residentRoutes } from '../residents/residents.admin.routes.js';
import { serviceAdminRoutes } from '../services/services.admin.routes.js';
import { ticketAdminRoutes } from '../tickets/tickets.admin.routes.js';
import { bookingAdminRoutes } from '../bookings/bookings.admin.routes.js';
import { legalAdminRoutes } from '../legal/legal.admin.routes.js';
import { webhookAdminRoutes } from '../webhooks/webhooks.admin.routes.js';
import { apiKeyAdminRoutes } from '../integration/api-keys.admin.routes.js';

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
