import { and, asc, eq, sql } from 'drizzle-orm';
import { SCREENSHOTS_PER_PLACE, type Screenshot, type ScreenshotAnswer } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { journalScreenshots, trades } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { findMemberTrade, publicTradeId } from '../trades/index.ts';
import { extensionOfType, IMAGE_TYPES, type ImageExtension, storedImageFields } from '../uploads/index.ts';
import { journalDate } from './service.ts';
import { isUuid } from '../../lib/ids.ts';

type Image = { bytes: Buffer; extension: ImageExtension };

/** What the browser sent: the image, its small copy if it made one, and the trade if any. */
export type ScreenshotUpload = { image: Image; thumbnail: Image | null; tradeId: string | null };

const listed = {
  id: journalScreenshots.id,
  date: journalScreenshots.date,
  tradeId: journalScreenshots.tradeId,
  tradeSource: trades.source,
  contentType: journalScreenshots.contentType,
  size: journalScreenshots.size,
  createdAt: journalScreenshots.createdAt,
};

type ListedRow = {
  id: string;
  date: string;
  tradeId: number | null;
  tradeSource: (typeof trades.$inferSelect)['source'] | null;
  contentType: string;
  size: number;
  createdAt: Date;
};

function toScreenshot(row: ListedRow): Screenshot {
  return {
    id: row.id,
    date: row.date,
    trade_id: row.tradeId !== null && row.tradeSource ? publicTradeId({ id: row.tradeId, source: row.tradeSource }) : null,
    content_type: row.contentType,
    size: row.size,
    created_at: row.createdAt.toISOString(),
  };
}

/** GET /api/journals/days/{date}/screenshots: the day's own images and its trades', oldest first. */
export async function dayScreenshots(ctx: AppContext, userId: string, rawDate: string) {
  const date = journalDate(rawDate);
  const rows = await ctx.db
    .select(listed)
    .from(journalScreenshots)
    .leftJoin(trades, eq(trades.id, journalScreenshots.tradeId))
    .where(and(eq(journalScreenshots.userId, userId), eq(journalScreenshots.date, date)))
    .orderBy(asc(journalScreenshots.createdAt), asc(journalScreenshots.id));
  return { data: rows.map(toScreenshot) };
}

/**
 * POST /api/journals/days/{date}/screenshots: attaches an image to the day, or to one of the
 * member's trades of that day. The count and the insert share a lock per day, so two uploads
 * at once cannot pass the limit together.
 */
export async function attachScreenshot(
  ctx: AppContext,
  userId: string,
  rawDate: string,
  upload: ScreenshotUpload,
): Promise<ScreenshotAnswer> {
  const date = journalDate(rawDate);
  let trade: { id: number; source: ListedRow['tradeSource'] } | null = null;
  if (upload.tradeId) {
    const found = await findMemberTrade(ctx, userId, upload.tradeId);
    if (!found) throw new AppError('not_found', 'Trade not found.');
    if (found.tradeDate !== date) throw AppError.invalid('trade_id', `This trade belongs to ${found.tradeDate ?? 'no trading day'}, not ${date}.`);
    trade = found;
  }
  const place = trade ? eq(journalScreenshots.tradeId, trade.id) : sql`${journalScreenshots.tradeId} is null`;
  const row = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`journal-screenshots:${userId}:${date}`}))`);
    const [held] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(journalScreenshots)
      .where(and(eq(journalScreenshots.userId, userId), eq(journalScreenshots.date, date), place));
    if ((held?.count ?? 0) >= SCREENSHOTS_PER_PLACE) {
      throw AppError.invalid(
        'file',
        `A ${trade ? 'trade' : 'day'} holds at most ${SCREENSHOTS_PER_PLACE} screenshots. Delete one to add another.`,
      );
    }
    const [inserted] = await tx
      .insert(journalScreenshots)
      .values({
        userId,
        date,
        tradeId: trade?.id ?? null,
        contentType: IMAGE_TYPES[upload.image.extension],
        size: upload.image.bytes.length,
        image: upload.image.bytes,
        thumbnailType: upload.thumbnail ? IMAGE_TYPES[upload.thumbnail.extension] : null,
        thumbnail: upload.thumbnail?.bytes ?? null,
        createdAt: ctx.now(),
      })
      .returning({
        id: journalScreenshots.id,
        date: journalScreenshots.date,
        tradeId: journalScreenshots.tradeId,
        contentType: journalScreenshots.contentType,
        size: journalScreenshots.size,
        createdAt: journalScreenshots.createdAt,
      });
    return inserted!;
  });
  return {
    message: trade ? 'Screenshot attached to the trade.' : 'Screenshot attached to the day.',
    data: toScreenshot({ ...row, tradeSource: trade?.source ?? null }),
  };
}

const NOT_FOUND = 'Screenshot not found.';

/** The bytes of one of the member's screenshots (its thumbnail when asked and made); else 404. */
export async function screenshotImage(ctx: AppContext, userId: string, id: string, size: 'full' | 'thumbnail' = 'full') {
  if (!isUuid(id)) throw new AppError('not_found', NOT_FOUND);
  const [row] = await ctx.db
    .select(storedImageFields(journalScreenshots, size))
    .from(journalScreenshots)
    .where(and(eq(journalScreenshots.id, id), eq(journalScreenshots.userId, userId)));
  if (!row) throw new AppError('not_found', NOT_FOUND);
  return row;
}

/** DELETE /api/journals/screenshots/{id}: another member's screenshot answers 404 like a missing one. */
export async function deleteScreenshot(ctx: AppContext, userId: string, id: string) {
  if (!isUuid(id)) throw new AppError('not_found', NOT_FOUND);
  const removed = await ctx.db
    .delete(journalScreenshots)
    .where(and(eq(journalScreenshots.id, id), eq(journalScreenshots.userId, userId)))
    .returning({ id: journalScreenshots.id });
  if (removed.length === 0) throw new AppError('not_found', NOT_FOUND);
  return { message: 'Screenshot deleted.' };
}

/** The member's screenshots as files of their data archive: screenshots/<id>.<format>. */
export async function screenshotFilesOf(ctx: AppContext, userId: string) {
  const rows = await ctx.db
    .select({ id: journalScreenshots.id, contentType: journalScreenshots.contentType, image: journalScreenshots.image })
    .from(journalScreenshots)
    .where(eq(journalScreenshots.userId, userId))
    .orderBy(asc(journalScreenshots.createdAt));
  return rows.map((row) => ({
    name: `screenshots/${row.id}.${extensionOfType(row.contentType)}`,
    bytes: new Uint8Array(row.image),
  }));
}
