import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { journalEndpoints, journalScreenshotEndpoints, UPLOAD_MAX_BYTES } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { routesOf } from '../../lib/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import { imageOf, sendStoredImage, thumbnailOf } from '../uploads/index.ts';
import { attachScreenshot, dayScreenshots, deleteScreenshot, screenshotImage, type ScreenshotUpload } from './screenshots.ts';
import { getJournalDay, journalTags, saveJournalDay, saveTradeEntry } from './service.ts';

/** The multipart parts of a screenshot upload: `file`, optional `thumbnail` and `trade_id`. */
async function screenshotUploadOf(request: FastifyRequest): Promise<ScreenshotUpload> {
  if (!request.isMultipart()) throw AppError.invalid('file', 'Choose an image to upload.');
  const upload: Partial<ScreenshotUpload> = { thumbnail: null, tradeId: null };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname === 'file') upload.image = await imageOf(part, 'file');
      else if (part.fieldname === 'thumbnail') upload.thumbnail = await thumbnailOf(part, 'thumbnail');
      else await part.toBuffer();
    } else if (part.fieldname === 'trade_id' && typeof part.value === 'string') {
      upload.tradeId = part.value.trim().slice(0, 64) || null;
    }
  }
  if (!upload.image) throw AppError.invalid('file', 'Choose an image to upload.');
  return upload as ScreenshotUpload;
}

/** The daily journal: a day's narrative, the member's notes on each trade of the day, screenshots. */
export async function journalRoutes(app: FastifyInstance, ctx: AppContext) {
  // Registered in this module's scope only; a byte over the limit fails the read.
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 2, fields: 2, parts: 4, fieldSize: 128 },
  });
  const route = routesOf(app);

  route(journalEndpoints.getJournalTags, { access: 'member' }, (request) => journalTags(ctx, authOf(request).userId));

  route(journalEndpoints.getJournalDay, { access: 'member' }, (request) =>
    getJournalDay(ctx, authOf(request).userId, request.params.date),
  );

  route(journalEndpoints.saveJournalDay, { access: 'member' }, (request) =>
    saveJournalDay(ctx, authOf(request).userId, request.params.date, request.body),
  );

  route(journalEndpoints.saveTradeEntry, { access: 'member' }, (request) =>
    saveTradeEntry(
      ctx,
      authOf(request).userId,
      request.params.date,
      request.params.tradeId,
      request.body,
    ),
  );

  route(journalScreenshotEndpoints.listDayScreenshots, { access: 'member' }, (request) =>
    dayScreenshots(ctx, authOf(request).userId, request.params.date),
  );

  route(journalScreenshotEndpoints.attachScreenshot, { access: 'member' }, async (request, reply) => {
    const upload = await screenshotUploadOf(request);
    return reply.status(201).send(await attachScreenshot(ctx, authOf(request).userId, request.params.date, upload));
  });

  route(journalScreenshotEndpoints.getScreenshotImage, { access: 'member' }, async (request, reply) => {
    const image = await screenshotImage(ctx, authOf(request).userId, request.params.screenshotId, request.query.size);
    // A screenshot never changes (a new one gets a new id): the browser may keep it, privately.
    return sendStoredImage(reply, image, 'private, max-age=31536000, immutable');
  });

  route(journalScreenshotEndpoints.deleteScreenshot, { access: 'member' }, (request) =>
    deleteScreenshot(ctx, authOf(request).userId, request.params.screenshotId),
  );
}
