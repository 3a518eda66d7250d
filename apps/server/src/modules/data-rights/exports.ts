/**
 * "Download my data": the member (or staff for them) asks, the worker builds one ZIP of every
 * section of the registry (JSON, secrets left out) plus the trades as CSV in the trade log's
 * export format (which the trade import reads back), keeps it in the database for
 * DATA_EXPORT_TTL_DAYS and mails a link. Only that member, signed in, downloads it.
 */
import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { getTableColumns, getTableName } from 'drizzle-orm';
import { DATA_EXPORT_TTL_DAYS, type DataExport } from '@th/contracts';
import { memberMomentText } from '@th/domain';
import type { AppContext } from '../../context.ts';
import { dataExports, trades, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { heavyWork } from '../../lib/heavy-work.ts';
import { communityImageFilesOf } from '../community/index.ts';
import { screenshotFilesOf } from '../journals/index.ts';
import { dataExportReadyMail } from '../mail/index.ts';
import { tradeLogCsv } from '../reports/index.ts';
import { uploadedImage } from '../uploads/index.ts';
import type { ArchiveFile } from './archive.ts';
import { DATA_REGISTRY, type RegistryEntry } from './registry.ts';

export const DATA_EXPORT_JOB = 'data-rights.export';

type ExportRow = typeof dataExports.$inferSelect;
const { archive: _archive, ...listedColumns } = getTableColumns(dataExports);

export function toDataExport(row: Omit<ExportRow, 'archive'>): DataExport {
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    requested_by: row.requestedBy,
    size: row.size,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}

export async function listExports(ctx: AppContext, userId: string): Promise<DataExport[]> {
  const rows = await ctx.db
    .select(listedColumns)
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt))
    .limit(10);
  return rows.map(toDataExport);
}

/** Queues a new archive; a second request while one is being built answers 409. */
export async function requestExport(ctx: AppContext, userId: string, requestedBy: 'member' | 'staff') {
  const row = await ctx.db.transaction(async (tx) => {
    // One request at a time per member, across instances: the member row is the lock.
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
    const [busy] = await tx
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(and(eq(dataExports.userId, userId), inArray(dataExports.status, ['queued', 'running'])));
    if (busy) {
      throw new AppError('conflict', 'A copy of this data is already being prepared. You will receive an e-mail when it is ready.');
    }
    const [created] = await tx.insert(dataExports).values({ userId, requestedBy, createdAt: ctx.now() }).returning(listedColumns);
    return created!;
  });
  await ctx.jobs.send(DATA_EXPORT_JOB, { id: row.id }, { singletonKey: row.id });
  return {
    message: 'Your data is being prepared. We will e-mail you when the download is ready.',
    data: toDataExport(row),
  };
}

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function publicRow(entry: RegistryEntry, row: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (entry.omit?.includes(key)) continue;
    out[snake(key)] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

const PAGE = 5000;

/** The member's rows of one registry table, page by page so each statement stays short. */
async function rowsOf(ctx: AppContext, entry: RegistryEntry, userId: string): Promise<Record<string, unknown>[]> {
  if (entry.table === trades) {
    const all: Record<string, unknown>[] = [];
    let after = 0;
    for (;;) {
      const page = await ctx.db
        .select()
        .from(trades)
        .where(and(eq(trades.userId, userId), gt(trades.id, after)))
        .orderBy(asc(trades.id))
        .limit(PAGE);
      all.push(...page);
      if (page.length < PAGE) return all;
      after = page.at(-1)!.id;
    }
  }
  return (await ctx.db.select().from(entry.table).where(entry.scope(userId))) as Record<string, unknown>[];
}

async function streamText(stream: AsyncIterable<unknown>) {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

function readme(brand: string, userId: string, at: Date) {
  const lines = [
    `${brand}: a copy of your data`,
    `Member id: ${userId}`,
    `Made: ${at.toISOString()}`,
    '',
    'Each section is one JSON file (a list of rows, columns as the database names them).',
    'trades.csv holds your journal trades in the trade log export format: import it again under Trade Log > Import.',
    'screenshots/ holds the images you attached to trades and days (journal_screenshots.json says which).',
    'community_images/ holds the images of your community posts (community_post_images.json says which).',
    'Secrets (your password hash, broker tokens, session and calendar-feed keys) are never included.',
    '',
    'Sections:',
    ...DATA_REGISTRY.filter((e) => e.section).map((e) => `- ${e.section}.json`),
    '',
    'Kept by the service and not part of this copy:',
    ...DATA_REGISTRY.filter((e) => !e.section).map((e) => `- ${getTableName(e.table)}: ${e.notExported}`),
  ];
  return `${lines.join('\n')}\n`;
}

/** Uploaded images the member's rows point at (their avatar). */
async function uploadedFiles(ctx: AppContext, userId: string): Promise<ArchiveFile[]> {
  const [user] = await ctx.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId));
  const name = user?.avatar?.match(/^\/uploads\/([^/]+)$/)?.[1];
  const image = name ? await uploadedImage(ctx.db, name) : null;
  return image ? [{ name: `uploads/${name}`, bytes: new Uint8Array(image.bytes) }] : [];
}

async function setProgress(ctx: AppContext, id: string, progress: number) {
  await ctx.db.update(dataExports).set({ progress }).where(eq(dataExports.id, id));
}

/** The export job: builds, stores and announces one archive. Safe to run again after a crash. */
export async function buildExport(ctx: AppContext, id: string) {
  const [row] = await ctx.db.select(listedColumns).from(dataExports).where(eq(dataExports.id, id));
  if (!row || row.status === 'ready' || row.status === 'expired') return;
  await ctx.db.update(dataExports).set({ status: 'running', progress: 1, error: null }).where(eq(dataExports.id, id));
  try {
    const files: ArchiveFile[] = [];
    const sections = DATA_REGISTRY.filter((entry) => entry.section);
    for (const [index, entry] of sections.entries()) {
      const rows = await rowsOf(ctx, entry, row.userId);
      files.push({ name: `${entry.section}.json`, text: JSON.stringify(rows.map((r) => publicRow(entry, r)), null, 2) });
      await setProgress(ctx, id, Math.round(5 + (80 * (index + 1)) / sections.length));
    }
    files.push(...(await uploadedFiles(ctx, row.userId)));
    files.push(...(await screenshotFilesOf(ctx, row.userId)));
    files.push(...(await communityImageFilesOf(ctx, row.userId)));
    files.push({ name: 'trades.csv', text: await streamText(await tradeLogCsv(ctx, row.userId, {})) });
    files.push({ name: 'README.txt', text: readme(ctx.config.BRAND_NAME, row.userId, ctx.now()) });
    await setProgress(ctx, id, 90);
    const archive = Buffer.from(await heavyWork.zipArchive(files));
    const now = ctx.now();
    const expiresAt = new Date(now.getTime() + DATA_EXPORT_TTL_DAYS * 86_400_000);
    await ctx.db
      .update(dataExports)
      .set({ status: 'ready', progress: 100, archive, size: archive.length, finishedAt: now, expiresAt, error: null })
      .where(eq(dataExports.id, id));
    const [user] = await ctx.db.select({ email: users.email, timezone: users.timezone }).from(users).where(eq(users.id, row.userId));
    if (user && row.requestedBy === 'member') {
      const expires = memberMomentText(expiresAt, user.timezone);
      const brand = { name: ctx.config.BRAND_NAME, supportEmail: ctx.config.SUPPORT_EMAIL };
      // The archive is stored: a mail outage is logged by the mailer, the download still works.
      await ctx.mailer
        .send(dataExportReadyMail(brand, user.email, `${ctx.config.APP_URL}/account/data?export=${id}`, expires))
        .catch(() => undefined);
    }
  } catch (error) {
    await ctx.db
      .update(dataExports)
      .set({ status: 'failed', error: 'The archive could not be built. It is tried again automatically.' })
      .where(eq(dataExports.id, id));
    throw error;
  }
}

/** The finished archive of one of the member's exports; anything else answers 404. */
export async function archiveOf(ctx: AppContext, userId: string, id: string) {
  const uuid = /^[0-9a-f-]{36}$/i.test(id) ? id : null;
  const [row] = uuid ? await ctx.db.select().from(dataExports).where(and(eq(dataExports.id, uuid), eq(dataExports.userId, userId))) : [];
  if (!row) throw new AppError('not_found', 'Export not found.');
  if (row.status === 'expired' || (row.expiresAt && row.expiresAt <= ctx.now())) {
    throw new AppError('not_found', 'This download has expired. Request a new copy of your data.');
  }
  if (row.status !== 'ready' || !row.archive) throw new AppError('conflict', 'This copy of your data is not ready yet.');
  const day = row.createdAt.toISOString().slice(0, 10);
  return { bytes: row.archive, filename: `my-data-${day}.zip` };
}

/** Drops archives past their expiry (the sweep job). */
export async function expireExports(ctx: AppContext) {
  const gone = await ctx.db
    .update(dataExports)
    .set({ status: 'expired', archive: null })
    .where(and(eq(dataExports.status, 'ready'), lte(dataExports.expiresAt, ctx.now())))
    .returning({ id: dataExports.id });
  return gone.length;
}
