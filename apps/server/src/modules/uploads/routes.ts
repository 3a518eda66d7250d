import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { StaffPermissions, UPLOAD_MAX_BYTES, uploadEndpoints } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../lib/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import { saveUpload, storedNames, uploadedImage, UPLOAD_NAME } from './service.ts';

/**
 * Answers with a member's stored image: served only as the type sniffed at upload, inline,
 * never sniffed by the browser; `cache` says how long the browser may keep it.
 */
export function sendStoredImage(reply: FastifyReply, image: { bytes: Buffer; contentType: string }, cache: string) {
  return reply
    .headers({
      'content-type': image.contentType,
      'content-length': String(image.bytes.length),
      'content-disposition': 'inline',
      'x-content-type-options': 'nosniff',
      'cache-control': cache,
    })
    .send(image.bytes);
}

/** POST /api/staff/uploads: one image as multipart field `file`. */
export async function uploadRoutes(app: FastifyInstance, ctx: AppContext) {
  // Registered in this module's scope only; a byte over the limit fails the read.
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });
  const route = routesOf(app);
  route(
    uploadEndpoints.uploadImage,
    { access: 'member', permission: StaffPermissions.access },
    async (request) => {
      const actor = authOf(request);
      const file = request.isMultipart() ? await request.file() : undefined;
      return saveUpload(ctx, actor, file);
    },
  );
}

/**
 * GET /uploads/<name>: public like any site image, read from the database (so every instance
 * serves every upload), as the raster type sniffed at upload, inline, never sniffed by the
 * browser. A name is never given other bytes, so the name is the ETag: a revalidation is
 * answered 304 without reading the image.
 */
export async function serveUploads(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/uploads/:name',
    {
      schema: { hide: true, params: z.object({ name: z.string().max(64) }) },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const { name } = request.params as { name: string };
      const notFound = () => reply.status(404).send({ message: 'Image not found.' });
      const etag = `"${name}"`;
      const cached = { etag, 'cache-control': 'public, max-age=31536000, immutable' };
      const revalidating = request.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
      if (revalidating && UPLOAD_NAME.test(name)) {
        if (!(await storedNames(ctx.db, [name])).has(name)) return notFound();
        return reply.status(304).headers(cached).send();
      }
      const image = await uploadedImage(ctx.db, name);
      if (!image) return notFound();
      return sendStoredImage(reply.header('etag', etag), image, cached['cache-control']);
    },
  );
}
