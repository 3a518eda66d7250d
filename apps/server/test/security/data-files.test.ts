import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/client.ts';
import { lockDownDataDir } from '../../src/lib/data-dir.ts';
import { createMailer } from '../../src/modules/mail/mailer.ts';

const mode = (file: string) => statSync(file).mode & 0o777;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? [full, ...filesUnder(full)] : [full];
  });
}

/** A log that keeps what it is given, to check what reaches the operators. */
function capturedLog() {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  return { log, lines };
}

const mail = { to: 'a@test.local', subject: 'Reset', text: 'Open http://app.test/password/reset/SECRET-TOKEN?x=1', html: '' };

describe('DATA_DIR and what is written into it', () => {
  const umask = process.umask();
  afterAll(() => {
    process.umask(umask);
  });

  it('keeps the embedded database, the key and the outbox readable by the server user alone', async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'th-data-')), 'data');
    lockDownDataDir(dataDir);
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir });
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    await database.query('create table t (x int)');
    await database.close();
    const { log } = capturedLog();
    await createMailer(config, log).send(mail);

    // Nobody else can enter the folder, so nothing below it is reachable (PGlite chmods its own
    // files); what the server writes itself is private as well.
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, 'app.key'))).toBe(0o600);
    expect(mode(path.join(dataDir, 'outbox'))).toBe(0o700);
    expect(filesUnder(path.join(dataDir, 'outbox')).map(mode)).toEqual([0o600]);
  });

  it('logs reset links only on the embedded one-machine setup, never with a database server', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'th-mail-'));
    const key = Buffer.alloc(32, 1).toString('base64');
    const server = capturedLog();
    await createMailer(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, APP_KEY: key, DATABASE_URL: 'postgres://x@127.0.0.1/x' }), server.log).send(mail);
    expect(server.lines.join('')).not.toContain('SECRET-TOKEN');
    expect(server.lines.join('')).toContain('mail written to outbox');

    const embedded = capturedLog();
    await createMailer(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, APP_KEY: key }), embedded.log).send(mail);
    expect(embedded.lines.join('')).toContain('SECRET-TOKEN');
  });
});
