import type { FastifyInstance } from 'fastify';
import {
  idParam,
  listQuery,
  paginated,
  recoveryCodes,
  staffTwoFactor,
  twoFactorConfirm,
  twoFactorDisable,
  twoFactorRequirement,
  twoFactorSetup,
  twoFactorStatus,
} from '@hausportal/contract';
import { z } from 'zod';
import { pageWindow } from '../../db/paging.js';
import { paginate } from '../../lib/pagination.js';
import { moduleRoutes } from '../../lib/routes.js';
import { callerOf, currentUser, requireAdmin } from './policies.js';
import {
  confirmTwoFactorSetup,
  disableTwoFactor,
  regenerateRecoveryCodes,
  resetTwoFactor,
  setTwoFactorRequirement,
  startTwoFactorSetup,
  twoFactorStatus as statusOf,
} from './two-factor.actions.js';
import { toStaffTwoFactor } from './two-factor.presenter.js';
import { listStaffTwoFactor } from './two-factor.repository.js';

/**
 * Routes a staff member reaches while the install requires a second factor they have not set up
 * yet (requireManager lets them through; every other back-office route answers 403).
 */
const SETUP = { twoFactorSetup: true };
const detail = z.object({ detail: z.string() });
/** A 403: not allowed, or (with its code) a required setup is missing. */
const refused = z.object({ detail: z.string(), code: z.string().optional() });

/** The staff second factor (ADR 025), inside the /api/admin plugin and its manager guard. */
export async function twoFactorRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['admin: two-factor'], 'parent');
  const { ctx } = app;

  r.get(
    '/two-factor/',
    {
      config: SETUP,
      schema: {
        summary: 'Zwei-Faktor-Anmeldung: eigener Stand und ob sie verlangt wird',
        response: { 200: twoFactorStatus },
      },
    },
    (request) => statusOf(ctx, currentUser(request)),
  );

  r.post(
    '/two-factor/setup/',
    {
      config: SETUP,
      schema: {
        summary: 'Einrichtung starten: neues Geheimnis als QR-Code und Text (nur in dieser Antwort)',
        response: { 200: twoFactorSetup },
      },
    },
    (request) => startTwoFactorSetup(ctx, callerOf(request)),
  );

  r.post(
    '/two-factor/confirm/',
    {
      config: SETUP,
      schema: {
        summary:
          'Einrichtung mit dem ersten Code der App bestätigen; liefert die 10 Wiederherstellungscodes (einmalig)',
        body: twoFactorConfirm,
        response: { 200: recoveryCodes },
      },
    },
    (request) => confirmTwoFactorSetup(ctx, callerOf(request), request.body.code),
  );

  r.post(
    '/two-factor/recovery-codes/',
    {
      schema: {
        summary: 'Neue Wiederherstellungscodes mit einem aktuellen Code der App; die alten verfallen',
        body: twoFactorConfirm,
        response: { 200: recoveryCodes },
      },
    },
    (request) => regenerateRecoveryCodes(ctx, callerOf(request), request.body.code),
  );

  r.post(
    '/two-factor/disable/',
    {
      schema: {
        summary: 'Zwei-Faktor-Anmeldung abschalten (Passwort und Code; nicht, solange sie verlangt wird)',
        body: twoFactorDisable,
        response: { 200: detail, 403: refused },
      },
    },
    async (request) => {
      await disableTwoFactor(ctx, callerOf(request), request.body.password, request.body.code);
      return { detail: 'Die Zwei-Faktor-Anmeldung ist abgeschaltet.' };
    },
  );

  r.put(
    '/two-factor/requirement/',
    {
      schema: {
        summary: 'Nur Administration: Zwei-Faktor-Anmeldung für alle Konten der Hausverwaltung verlangen',
        body: twoFactorRequirement,
        response: { 200: twoFactorStatus, 403: refused },
      },
    },
    async (request) => {
      await setTwoFactorRequirement(ctx, callerOf(request), request.body.required);
      return statusOf(ctx, currentUser(request));
    },
  );

  r.get(
    '/two-factor/staff/',
    {
      schema: {
        summary: 'Nur Administration: Personen der Hausverwaltung und ob ihre Zwei-Faktor-Anmeldung eingerichtet ist',
        querystring: listQuery,
        response: { 200: paginated(staffTwoFactor), 403: refused },
      },
    },
    async (request) => {
      requireAdmin(currentUser(request));
      const page = await listStaffTwoFactor(ctx.db, pageWindow(request.query));
      return paginate('/api/admin/two-factor/staff/', request.query, page.count, page.rows.map(toStaffTwoFactor));
    },
  );

  r.delete(
    '/two-factor/staff/:id/',
    {
      schema: {
        summary:
          'Nur Administration: Zwei-Faktor-Anmeldung einer Person zurücksetzen (verlorenes Telefon); beendet ihre Sitzungen',
        params: idParam,
        response: { 200: detail, 403: refused },
      },
    },
    async (request) => {
      await resetTwoFactor(ctx, callerOf(request), request.params.id);
      return {
        detail:
          'Die Zwei-Faktor-Anmeldung wurde zurückgesetzt. Die Person richtet sie bei der nächsten Anmeldung neu ein.',
      };
    },
  );
}
