import { paginate } from '../../lib/pagination.js';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_ERRORS,
  adminDocument,
  adminDocumentCreate,
  adminDocumentUpdate,
  adminDocumentsQuery,
  idParam,
  paginated,
} from '@hausportal/contract';
import { inTransaction } from '../../db/database.js';
import { pageWindow } from '../../db/paging.js';
import { audit } from '../../lib/audit.js';
import { ApiError, fieldError } from '../../lib/errors.js';
import { detectUpload, formParts, readUpload } from '../../lib/uploads.js';
import { currentUser, findInScope, requireLocation, listScope } from '../auth/policies.js';
import { auditDocument, toAdminDocument } from './documents.presenter.js';
import * as repo from './documents.repository.js';

const tags = ['admin: content'];
const security = [{ token: [] }];

/** A multipart form's fields checked against a schema, with errors in the DRF shape JSON bodies get. */
function fieldsOrErrors<T extends z.ZodType>(
  schema: T,
  fields: Record<string, string>,
  extra: Record<string, string[]>,
): z.infer<T> {
  const parsed = schema.safeParse(fields);
  const errors: Record<string, string[]> = { ...extra };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'non_field_errors');
      (errors[field] ??= []).push(issue.message);
    }
  }
  if (Object.keys(errors).length > 0) throw new ApiError(400, errors);
  return parsed.data as z.infer<T>;
}

/** The name a file was uploaded as, without any path a browser may have sent along. */
function baseName(filename: string): string {
  const name = path
    .basename(filename.replaceAll('\\', '/'))
    .replace(/[\p{Cc}]/gu, '')
    .trim();
  return name.slice(-255) || 'dokument.pdf';
}

/** Reads the fields and the one PDF of `POST /api/admin/documents/`. */
async function documentForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw new ApiError(415, { detail: 'Bitte als multipart/form-data senden.' });
  const fields: Record<string, string> = {};
  let file: { data: Buffer; filename: string } | null = null;
  for await (const part of formParts(request)) {
    if (part.type === 'file') {
      if (part.fieldname !== 'document' || file) {
        await part.toBuffer().catch(() => undefined);
        throw fieldError(part.fieldname, 'Pro Anfrage ist genau eine Datei im Feld "document" erlaubt.');
      }
      file = { data: await readUpload(part, 'document'), filename: baseName(part.filename) };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  const values = fieldsOrErrors(adminDocumentCreate, fields, file ? {} : { document: [API_ERRORS.required] });
  return { values, file: file! };
}

/** Documents in the back office, inside /api/admin and its manager guard. */
export async function documentAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, signer, storage } = app.ctx;

  /** The document, if it belongs to one of the caller's locations; else 404. */
  const inScope = (request: FastifyRequest, id: number) => findInScope(request, () => repo.findAdminDocument(db, id));
  const apartment = async (locationId: number, value: string | null | undefined) =>
    value ? repo.apartmentSpelling(db, locationId, value) : null;

  r.get(
    '/documents/',
    {
      schema: {
        tags,
        security,
        summary: 'Dokumente der eigenen Standorte, neueste zuerst (Filter: location_id, apartment_number)',
        querystring: adminDocumentsQuery,
        response: { 200: paginated(adminDocument) },
      },
    },
    async (request) => {
      const { location_id, apartment_number } = request.query;
      const page = await repo.listAdminDocuments(
        db,
        { locationIds: await listScope(request, location_id), apartmentNumber: apartment_number },
        pageWindow(request.query),
      );
      return paginate(
        '/api/admin/documents/',
        request.query,
        page.count,
        page.rows.map((d) => toAdminDocument(d, signer)),
      );
    },
  );

  r.get(
    '/documents/:id/',
    { schema: { tags, security, summary: 'Ein Dokument', params: idParam, response: { 200: adminDocument } } },
    async (request) => toAdminDocument(await inScope(request, request.params.id), signer),
  );

  r.post(
    '/documents/',
    {
      schema: {
        tags,
        security,
        summary:
          'Dokument hochladen (multipart: location_id, apartment_number (leer: ganzer Standort), title, icon, document als PDF bis 10 MB)',
        consumes: ['multipart/form-data'],
        response: { 201: adminDocument },
      },
    },
    async (request, reply) => {
      const { values, file } = await documentForm(request);
      await requireLocation(request, values.location_id);
      // The real type from the magic bytes: a renamed image or script is refused, whatever it claims.
      await detectUpload(file.data, file.filename, 'document', ['pdf']);
      const apartmentNumber = await apartment(values.location_id, values.apartment_number);
      const fileKey = await storage.put('documents', 'pdf', file.data);
      try {
        const row = await inTransaction(db, async (trx) => {
          const id = await repo.createDocument(trx, {
            locationId: values.location_id,
            apartmentNumber,
            title: values.title,
            icon: values.icon,
            fileKey,
            fileName: file.filename,
          });
          const created = (await repo.findAdminDocument(trx, id))!;
          await audit(trx, {
            userId: currentUser(request).id,
            action: 'document_created',
            entity: 'document',
            entityId: id,
            locationId: created.location_id,
            after: auditDocument(created),
            ip: request.ip,
          });
          return created;
        });
        reply.code(201);
        return toAdminDocument(row, signer);
      } catch (err) {
        await storage.remove(fileKey);
        throw err;
      }
    },
  );

  r.put(
    '/documents/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Titel, Symbol und Wohnung eines Dokuments ändern (leere Wohnung: ganzer Standort)',
        params: idParam,
        body: adminDocumentUpdate,
        response: { 200: adminDocument },
      },
    },
    async (request) => {
      const before = await inScope(request, request.params.id);
      const b = request.body;
      const apartmentNumber =
        b.apartment_number === undefined
          ? before.apartment_number
          : await apartment(before.location_id, b.apartment_number);
      const after = await inTransaction(db, async (trx) => {
        await repo.updateDocument(trx, before.id, { title: b.title, apartmentNumber, icon: b.icon });
        const row = (await repo.findAdminDocument(trx, before.id))!;
        await audit(trx, {
          userId: currentUser(request).id,
          action: 'document_updated',
          entity: 'document',
          entityId: before.id,
          locationId: before.location_id,
          before: auditDocument(before),
          after: auditDocument(row),
          ip: request.ip,
        });
        return row;
      });
      return toAdminDocument(after, signer);
    },
  );

  r.delete(
    '/documents/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Dokument löschen (mit der Datei)',
        params: idParam,
        response: { 204: z.null().describe('Gelöscht') },
      },
    },
    async (request, reply) => {
      const before = await inScope(request, request.params.id);
      await inTransaction(db, async (trx) => {
        await repo.deleteDocument(trx, before.id);
        await audit(trx, {
          userId: currentUser(request).id,
          action: 'document_deleted',
          entity: 'document',
          entityId: before.id,
          locationId: before.location_id,
          before: auditDocument(before),
          ip: request.ip,
        });
      });
      await storage.remove(before.file_key);
      return reply.code(204).send(null);
    },
  );
}
