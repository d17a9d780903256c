import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document, generated from the route schemas, at /api/docs/openapi.json. */
export const openapiPlugin = fp<{ appName: string }>(async (app, opts) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: `${opts.appName} API`,
        version: '1.0.0',
        description: 'API für Bewohner, Rezeption und Verwaltung. Fehler im DRF-Format.',
      },
      components: {
        securitySchemes: {
          token: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: '`Token <key>` oder `Bearer <key>`',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/docs/openapi.json', { schema: { hide: true } }, () => app.swagger());
});
