import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, notFound } from '../../lib/errors.js';
import { moduleRoutes } from '../../lib/routes.js';
import { contentTypeOf } from '../../lib/storage/index.js';
import { hashToken } from '../../lib/tokens.js';
import { findLinkSession } from './media.repository.js';

const params = z.object({ folder: z.string().max(20), file: z.string().max(80) });
const query = z.object({
  exp: z.coerce.number().int(),
  sig: z.string().max(64),
  sid: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});

/** Folders of private files, whose links must be bound to a session (ADR 026). */
const PRIVATE_FOLDERS = new Set(['documents']);

export const LINK_TEXTS = {
  invalid: 'Der Link ist ungültig oder abgelaufen.',
  expired: 'Der Link ist abgelaufen. Bitte öffnen Sie die Datei erneut in der App.',
  sessionEnded: 'Die Anmeldung, für die dieser Link erstellt wurde, ist beendet. Bitte melden Sie sich erneut an.',
  otherSession: 'Dieser Link gehört zu einer anderen Anmeldung.',
} as const;

/** The token in an Authorization header, if the request sends one (API clients; a browser tab does not). */
function headerToken(request: FastifyRequest): string | null {
  const match = /^(Token|Bearer)\s+(\S{10,200})$/i.exec(request.headers.authorization?.trim() ?? '');
  return match ? match[2]! : null;
}

export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['media'], 'none');
  const { db, storage, signer } = app.ctx;

  // No token here: the signature in the URL is the permission, handed out only in responses
  // to users who may see the file, and it expires (product §5.9, ADR 005). A private file's link
  // also names the viewer's session, which must still be signed in (ADR 026).
  r.get(
    '/api/media/:folder/:file',
    {
      schema: {
        summary: 'Hochgeladene Datei über eine signierte, ablaufende URL',
        description:
          'Dokumente haben Links, die 5 Minuten gelten und an die Anmeldung gebunden sind (sid); Fotos von Meldungen sind ebenfalls an die Anmeldung gebunden (1–2 Stunden). Nach der Abmeldung 401, nach Ablauf 410, mit dem Token einer anderen Anmeldung 403.',
        params,
        querystring: query,
      },
    },
    async (request, reply) => {
      const key = `${request.params.folder}/${request.params.file}`;
      const { exp, sig, sid } = request.query;
      const bound = sid !== undefined;
      if (!bound && PRIVATE_FOLDERS.has(request.params.folder)) throw new ApiError(403, { detail: LINK_TEXTS.invalid });
      const check = signer.check(key, exp, sig, sid);
      if (check === 'invalid' || (check === 'expired' && !bound))
        throw new ApiError(403, { detail: LINK_TEXTS.invalid });
      if (check === 'expired') throw new ApiError(410, { detail: LINK_TEXTS.expired });
      if (bound) {
        const session = await findLinkSession(db, sid);
        // Gone, deactivated, or past its absolute end (ADR 024): the session's links end with it.
        if (!session || !session.is_active || !(Date.now() < Date.parse(session.expires_at)))
          throw new ApiError(401, { detail: LINK_TEXTS.sessionEnded });
        const given = headerToken(request);
        if (given !== null && hashToken(given) !== session.token_hash)
          throw new ApiError(403, { detail: LINK_TEXTS.otherSession });
      }
      const file = await storage.open(key);
      if (!file) throw notFound();
      const type = contentTypeOf(key);
      const maxAge = Math.max(0, Math.floor((exp - Date.now()) / 1000));
      return (
        reply
          .header('Content-Type', type)
          .header('Content-Length', file.size)
          // An apartment document is never kept in a cache: after logout the browser must ask again.
          .header(
            'Cache-Control',
            PRIVATE_FOLDERS.has(request.params.folder) ? 'private, no-store' : `private, max-age=${maxAge}, immutable`,
          )
          .header('Content-Disposition', 'inline')
          .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
          .header('Cross-Origin-Resource-Policy', 'same-origin')
          .send(file.stream)
      );
    },
  );
}
