// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { SRC, sourceFiles } from './source-files';

/** The lint rule that keeps the device's zone out of the SPA fires on each way in (a probe). */
const root = path.resolve(import.meta.dirname, '../../..');
const lint = async (code: string) => {
  const [result] = await new ESLint({ cwd: root }).lintText(code, { filePath: path.join(root, 'apps/web/src/features/journal/probe.tsx') });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
};

describe("the SPA's time rule", () => {
  it.each([
    ['reading the device zone', 'export const z = Intl.DateTimeFormat().resolvedOptions().timeZone;'],
    ['hours of a Date', 'export const h = new Date().getHours();'],
    ['a Date formatted', "export const s = new Date('2026-01-01T00:00:00Z').toLocaleString('en-US');"],
    ['a luxon preset in the default zone', "import { DateTime } from 'luxon';\nexport const s = DateTime.now().toLocaleString(DateTime.DATETIME_MED);"],
    ['a local date-time string', 'const day = "2026-01-05";\nexport const d = new Date(`${day}T09:30`);'],
    ['the trade zone typed again', "import { DateTime } from 'luxon';\nexport const s = DateTime.now().setZone('America/Toronto');"],
  ])('refuses %s', async (_what, code) => {
    expect(await lint(code)).toHaveLength(1);
  });

  it('lets zone-explicit luxon through', async () => {
    const code =
      "import { DateTime } from 'luxon';\nimport { TRADE_TIME_ZONE } from '@th/domain';\nexport const s = DateTime.fromISO('2026-01-05T09:30', { zone: TRADE_TIME_ZONE }).toFormat('h:mm a');\nexport const offered = ['America/Toronto', 'UTC'];";
    expect(await lint(code)).toEqual([]);
  });
});

describe('trade times on screen', () => {
  it('name their zone where they are shown: every component formatting one shows TimesNote or says "Toronto time"', () => {
    const showing = sourceFiles((name) => name.endsWith('.tsx') && !name.includes('.test.'))
      .map((file) => ({ file, text: fs.readFileSync(path.join(SRC, file), 'utf8') }))
      .filter(({ text }) => text.includes('formatTradeTime('));
    const unnamed = showing.filter(({ text }) => !text.includes('<TimesNote') && !text.includes('Toronto time')).map(({ file }) => file);
    expect(unnamed).toEqual([]);
    // The walk finds them: the trade log, TradeDesk's and the daily log's table, the dashboard's, AlphaORB's, imports, backtests.
    expect(showing.length).toBeGreaterThanOrEqual(6);
  });
});
