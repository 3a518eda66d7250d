import Stripe from 'stripe';
import type { Config } from '../../config.ts';

let cached: { key: string; client: Stripe } | undefined;

/**
 * The one Stripe client, or null when Stripe is not configured (the embedded default bills
 * nothing and uses `internal` subscriptions). STRIPE_API_BASE points it at a local fake in tests.
 */
export function stripeClient(config: Config): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const key = `${config.STRIPE_SECRET_KEY}|${config.STRIPE_API_BASE ?? ''}`;
  if (cached?.key === key) return cached.client;
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  const client = new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    ...(base && {
      host: base.hostname,
      port: Number(base.port),
      protocol: base.protocol.replace(':', '') as 'http' | 'https',
    }),
  });
  cached = { key, client };
  return client;
}
