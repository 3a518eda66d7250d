import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { randomToken } from '../../lib/secrets.ts';

export type Mail = { to: string; subject: string; text: string; html: string };
export type Mailer = {
  send: (mail: Mail) => Promise<void>;
  /** Ends the SMTP connections kept for reuse (a process that stops exits anyway). */
  close?: () => void;
};

/**
 * SMTP when SMTP_URL is set; otherwise each message is written to DATA_DIR/outbox as an .eml
 * file readable only by the server's user. On the embedded database (the one-machine setup of
 * `npm start`) its first link is logged too, so the demo needs no mail server; anywhere else
 * the log names only the file: reset and invite links are secrets.
 */
export function createMailer(config: Config, log: Logger): Mailer {
  if (config.SMTP_URL) {
    // Connections are kept and reused (up to 10 at once): a reminder to thousands of members is
    // handed to the SMTP server at hundreds a second instead of one handshake per e-mail
    // (docs/benchmarks.md, Notifications). `?pool=false` on SMTP_URL turns it off; the URL's own
    // settings win over these.
    const transport = nodemailer.createTransport({ url: config.SMTP_URL, pool: true, maxConnections: 10 });
    return {
      send: (mail) => undelivered(log, mail, transport.sendMail({ from: config.MAIL_FROM, ...mail })),
      close: () => transport.close(),
    };
  }
  const outbox = path.join(config.DATA_DIR, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: (mail) =>
      undelivered(
        log,
        mail,
        (async () => {
          const info = await transport.sendMail({ from: config.MAIL_FROM, ...mail });
          mkdirSync(outbox, { recursive: true, mode: 0o700 });
          const file = path.join(outbox, `${Date.now()}-${randomToken(4)}.eml`);
          writeFileSync(file, info.message as Buffer, { mode: 0o600 });
          const link = config.embedded ? mail.text.match(/https?:\/\/\S+/)?.[0] : undefined;
          log.info({ to: mail.to, subject: mail.subject, file, ...(link && { link }) }, 'mail written to outbox');
        })(),
      ),
  };
}

export const MAIL_UNAVAILABLE = 'We could not send e-mail right now. Please try again in a few minutes.';

/**
 * A mail server that is down or a full disk under the outbox is a passing outage, not a bug:
 * the request answers 503 with a message the member can act on, and the cause is logged.
 */
async function undelivered(log: Logger, mail: Mail, sending: Promise<unknown>): Promise<void> {
  try {
    await sending;
  } catch (error) {
    log.error({ err: error, to: mail.to, subject: mail.subject }, 'mail could not be delivered');
    throw new AppError('unavailable', MAIL_UNAVAILABLE);
  }
}
