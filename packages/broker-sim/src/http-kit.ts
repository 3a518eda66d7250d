/** Small node:http helpers: JSON bodies in and out, and the CORS the browser link flow needs. */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export const ok = (d: unknown): Reply => ({ status: 200, body: { s: 'ok', d } });
export const brokerError = (
  status: number,
  errmsg: string,
  headers?: Record<string, string>,
): Reply => ({
  status,
  body: { s: 'error', errmsg },
  ...(headers ? { headers } : {}),
});

export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return {};
  const parsed: unknown = JSON.parse(text);
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : {};
}

/** The SPA's link flow calls the broker straight from the browser, so answer preflights. */
export function corsHeaders(req: IncomingMessage): Record<string, string> {
  return {
    'access-control-allow-origin': req.headers.origin ?? '*',
    'access-control-allow-methods': 'GET,POST,PATCH,DELETE,OPTIONS',
    'access-control-allow-headers': 'authorization,content-type,accnum,developer-api-key',
    'access-control-expose-headers': 'retry-after',
    vary: 'origin',
  };
}

export function send(req: IncomingMessage, res: ServerResponse, reply: Reply): void {
  const headers: Record<string, string> = { ...corsHeaders(req), ...reply.headers };
  if (reply.body === undefined) {
    res.writeHead(reply.status, headers).end();
    return;
  }
  headers['content-type'] = 'application/json';
  res.writeHead(reply.status, headers).end(JSON.stringify(reply.body));
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
