import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that speaks the few Stripe endpoints the app uses, so tests exercise
 * the real stripe-node client (pointed here through STRIPE_API_BASE).
 *
 * Extend it with `fake.route(method, pattern, handler)`: patterns use `:param` segments.
 * Every request is recorded (method, path, decoded form body, headers) for assertions, and
 * `fake.fail(...)` makes a route answer an error for the next n calls.
 */

export type StripeObject = Record<string, unknown> & { id: string };

export type RecordedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The form body decoded into nested objects and arrays, as Stripe reads it. */
  body: Record<string, unknown>;
  headers: IncomingMessage['headers'];
};

export type RouteResult = { status?: number; body: unknown; headers?: Record<string, string> };
export type RouteHandler = (
  request: RecordedRequest & { params: Record<string, string> },
  fake: FakeStripe,
) => RouteResult | Promise<RouteResult>;

type Route = { method: string; pattern: string; match: RegExp; keys: string[]; handler: RouteHandler };
type Failure = { method: string; pattern: string; remaining: number; result: RouteResult };

/** Decodes `a[b][0][c]=1` form bodies into nested objects; numeric keys become arrays. */
export function decodeForm(raw: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value).map(([k, v]) => [k, arrays(v)] as const);
    return entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))
      ? entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v)
      : Object.fromEntries(entries);
  };
  return arrays(root) as Record<string, unknown>;
}

const stripeError = (status: number, message: string, type = 'invalid_request_error'): RouteResult => ({
  status,
  body: { error: { type, message } },
});

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

export async function startFakeStripe() {
  const routes: Route[] = [];
  const failures: Failure[] = [];
  const requests: RecordedRequest[] = [];
  /** Objects the fake has created, by Stripe id; handlers read and write it. */
  const objects = new Map<string, StripeObject>();
  let sequence = 0;
  const newId = (prefix: string) => `${prefix}_test_${(++sequence).toString().padStart(6, '0')}`;

  function route(method: string, pattern: string, handler: RouteHandler) {
    const keys: string[] = [];
    const source = pattern.replace(/:([a-z_]+)/g, (_m, key: string) => {
      keys.push(key);
      return '([^/]+)';
    });
    // A later registration replaces an earlier one for the same method and pattern.
    const existing = routes.findIndex((r) => r.method === method && r.pattern === pattern);
    const entry = { method, pattern, match: new RegExp(`^${source}$`), keys, handler };
    if (existing >= 0) routes[existing] = entry;
    else routes.push(entry);
  }

  /** The next `times` calls to this route answer with an error Stripe marks as not retryable. */
  function fail(method: string, pattern: string, options: { status?: number; message?: string; times?: number } = {}) {
    const status = options.status ?? 500;
    failures.push({
      method,
      pattern,
      remaining: options.times ?? 1,
      result: {
        ...stripeError(status, options.message ?? 'An unknown error occurred', status >= 500 ? 'api_error' : 'invalid_request_error'),
        headers: { 'stripe-should-retry': 'false' },
      },
    });
  }

  const fake = {
    route,
    fail,
    requests,
    objects,
    newId,
    /** Recorded requests to one route, e.g. `fake.calls('POST', '/v1/checkout/sessions')`. */
    calls: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
    reset() {
      requests.length = 0;
      failures.length = 0;
      objects.clear();
    },
    url: '',
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake-stripe');
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: decodeForm(Buffer.concat(chunks).toString('utf8')),
      headers: req.headers,
    };
    requests.push(recorded);

    let result: RouteResult;
    const found = routes
      .map((r) => ({ r, m: r.method === recorded.method ? r.match.exec(recorded.path) : null }))
      .find(({ m }) => m);
    const failure = found && failures.find((f) => f.method === found.r.method && f.pattern === found.r.pattern && f.remaining > 0);
    if (!found) {
      result = stripeError(404, `Unrecognized request URL (${recorded.method}: ${recorded.path}).`);
    } else if (failure) {
      failure.remaining -= 1;
      result = failure.result;
    } else {
      const params = Object.fromEntries(found.r.keys.map((key, i) => [key, decodeURIComponent(found.m![i + 1]!)]));
      result = await found.r.handler({ ...recorded, params }, fake);
    }
    res.writeHead(result.status ?? 200, { 'content-type': 'application/json', ...result.headers });
    res.end(JSON.stringify(result.body));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  registerCustomerRoutes(fake);
  registerCheckoutRoutes(fake);
  registerSubscriptionRoutes(fake);
  registerBillingPortalRoutes(fake);
  return fake;
}

type Fake = Pick<FakeStripe, 'route' | 'objects' | 'newId' | 'url'>;

const now = () => Math.floor(Date.now() / 1000);
const missing = (id: string) => stripeError(404, `No such object: '${id}'`);

function registerCustomerRoutes(fake: Fake) {
  fake.route('POST', '/v1/customers', ({ body }) => {
    const customer = { id: fake.newId('cus'), object: 'customer', created: now(), metadata: {}, ...body };
    fake.objects.set(customer.id, customer);
    return { body: customer };
  });
  fake.route('GET', '/v1/customers/:id', ({ params }) => {
    const customer = fake.objects.get(params.id!);
    return customer ? { body: customer } : missing(params.id!);
  });
  fake.route('DELETE', '/v1/customers/:id', ({ params }) => {
    if (!fake.objects.delete(params.id!)) return missing(params.id!);
    return { body: { id: params.id, object: 'customer', deleted: true } };
  });
}

function registerCheckoutRoutes(fake: Fake) {
  fake.route('POST', '/v1/checkout/sessions', ({ body }) => {
    if (typeof body.customer === 'string' && !fake.objects.has(body.customer)) return missing(body.customer);
    const id = fake.newId('cs');
    const session = {
      id,
      object: 'checkout.session',
      created: now(),
      status: 'open',
      payment_status: 'unpaid',
      subscription: null,
      url: `${fake.url}/c/pay/${id}`,
      ...body,
    };
    fake.objects.set(id, session);
    return { body: session };
  });
  fake.route('GET', '/v1/checkout/sessions/:id', ({ params }) => {
    const session = fake.objects.get(params.id!);
    return session ? { body: session } : missing(params.id!);
  });
}

/** Subscriptions are put in `fake.objects` by tests (`fake.objects.set(id, subscription)`). */
function registerSubscriptionRoutes(fake: Fake) {
  fake.route('GET', '/v1/subscriptions/:id', ({ params }) => {
    const subscription = fake.objects.get(params.id!);
    return subscription?.object === 'subscription' ? { body: subscription } : missing(params.id!);
  });
}

function registerBillingPortalRoutes(fake: Fake) {
  fake.route('POST', '/v1/billing_portal/sessions', ({ body }) => {
    if (typeof body.customer !== 'string' || !fake.objects.has(body.customer)) return missing(String(body.customer));
    const id = fake.newId('bps');
    const session = { id, object: 'billing_portal.session', created: now(), url: `${fake.url}/p/session/${id}`, ...body };
    fake.objects.set(id, session);
    return { body: session };
  });
}
