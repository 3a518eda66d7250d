import { z } from 'zod';
import { dataOf, MessageBody } from './common.ts';
import { endpoint } from './endpoint.ts';
import { JournalDayParams } from './journals.ts';

/** Screenshots a trade or a day may hold. */
export const SCREENSHOTS_PER_PLACE = 10;
/** The small copy the browser makes for the daily log's thumbnails. */
export const THUMBNAIL_MAX_BYTES = 256 * 1024;
/** Longest side of that copy, in pixels. */
export const THUMBNAIL_SIDE = 480;

/** An image attached to a trade (trade_id set) or to the day itself (trade_id null). */
export const Screenshot = z.object({
  id: z.string(),
  date: z.string(),
  trade_id: z.string().nullable(),
  content_type: z.string(),
  size: z.number().int(),
  created_at: z.string(),
});
export type Screenshot = z.infer<typeof Screenshot>;
export const ScreenshotsResponse = dataOf(z.array(Screenshot));
export type ScreenshotsResponse = z.infer<typeof ScreenshotsResponse>;
export const ScreenshotAnswer = z.object({ message: z.string(), data: Screenshot });
export type ScreenshotAnswer = z.infer<typeof ScreenshotAnswer>;

const ScreenshotParams = z.object({ screenshotId: z.string().max(64) });
export const ScreenshotImageQuery = z.object({
  size: z.enum(['full', 'thumbnail'], { error: 'Choose the full image or its thumbnail.' }).optional(),
});

const tags = ['journals'];

/**
 * Screenshots in the journal. The upload is multipart: `file` (the image), optionally
 * `thumbnail` (the browser's small copy) and `trade_id` (attach to that trade of the day).
 */
export const journalScreenshotEndpoints = {
  listDayScreenshots: endpoint({
    method: 'GET',
    path: '/api/journals/days/:date/screenshots',
    tags,
    params: JournalDayParams,
    response: { 200: ScreenshotsResponse },
  }),
  attachScreenshot: endpoint({
    method: 'POST',
    path: '/api/journals/days/:date/screenshots',
    tags,
    params: JournalDayParams,
    consumes: ['multipart/form-data'],
    response: { 201: ScreenshotAnswer },
  }),
  getScreenshotImage: endpoint({
    method: 'GET',
    path: '/api/journals/screenshots/:screenshotId/image',
    tags,
    params: ScreenshotParams,
    query: ScreenshotImageQuery,
  }),
  deleteScreenshot: endpoint({
    method: 'DELETE',
    path: '/api/journals/screenshots/:screenshotId',
    tags,
    params: ScreenshotParams,
    response: { 200: MessageBody },
  }),
};
