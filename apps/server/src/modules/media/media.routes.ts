import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError, notFound } from '../../lib/errors.js';
import { moduleRoutes } from '../../lib/routes.js';
import { contentTypeOf } from '../../lib/storage/index.js';

const params = z.object({ folder: z.string().max(20), file: z.string().max(80) });
const query = z.object({ exp: z.coerce.number().int(), sig: z.string().max(64) });

export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['media'], 'none');
  const { storage, signer } = app.ctx;

  // No token here: the signature in the URL is the permission, handed out only in responses
  // to users who may see the file, and it expires (product §5.9, ADR 005).
  r.get(
    '/api/media/:folder/:file',
    {
      schema: {
        summary: 'Hochgeladene Datei über eine signierte, ablaufende URL',
        params,
        querystring: query,
      },
    },
    async (request, reply) => {
      const key = `${request.params.folder}/${request.params.file}`;
      const { exp, sig } = request.query;
      if (!signer.verify(key, exp, sig)) throw new ApiError(403, { detail: 'Der Link ist ungültig oder abgelaufen.' });
      const file = await storage.open(key);
      if (!file) throw notFound();
      const type = contentTypeOf(key);
      const maxAge = Math.max(0, Math.floor((exp - Date.now()) / 1000));
      return reply
        .header('Content-Type', type)
        .header('Content-Length', file.size)
        .header('Cache-Control', `private, max-age=${maxAge}, immutable`)
        .header('Content-Disposition', 'inline')
        .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        .header('Cross-Origin-Resource-Policy', 'same-origin')
        .send(file.stream);
    },
  );
}
