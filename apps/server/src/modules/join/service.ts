import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { JOIN_TRIAL_DAYS, joinPlanOf, type JoinPlanKey } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { hashPassword } from '../../lib/secrets.ts';
import { users } from '../../db/schema/index.ts';
import { putMembership, stripeClient } from '../billing/index.ts';
import { insertMember } from '../members/index.ts';
import { discardCustomer, startCheckout } from './checkout.ts';

export const DUPLICATE_EMAIL = 'An account with this email already exists. Sign in instead.';
export const AWAITING_CHECKOUT = 'Awaiting checkout';

export type JoinInput = {
  plan: JoinPlanKey;
  first_name: string;
  last_name: string;
  email: string;
  password: string;
};

const duplicate = () => AppError.invalid('email', DUPLICATE_EMAIL);

/** Postgres unique violation (users.email), raised when two joins race for one address. */
function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  // Drizzle wraps driver errors; the SQLSTATE sits on the cause.
  const { code, cause } = error as { code?: string; cause?: unknown };
  return code === '23505' || isUniqueViolation(cause);
}

async function emailTaken(ctx: AppContext, email: string) {
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return Boolean(row);
}

export const signInUrl = (ctx: AppContext, email: string) =>
  `${ctx.config.APP_URL}/account/login?joined=1&email=${encodeURIComponent(email)}`;

/**
 * Creates a member from the join form. Without Stripe the membership starts at once as an
 * internal 7-day trial; with Stripe the member waits (suspended) for Checkout to finish and the
 * billing webhook to activate them. Either way the member row and its state are written in
 * one transaction, so a failure leaves nothing half-created.
 */
export async function join(ctx: AppContext, input: JoinInput) {
  const email = input.email.trim().toLowerCase();
  if (await emailTaken(ctx, email)) throw duplicate();
  const passwordHash = await hashPassword(input.password);
  const member = {
    id: randomUUID(),
    email,
    passwordHash,
    firstName: input.first_name.trim(),
    lastName: input.last_name.trim(),
  };

  const stripe = stripeClient(ctx.config);
  if (!stripe) {
    await insertTrialMember(ctx, member, input.plan);
    return { redirect_url: `/account/login?joined=1&email=${encodeURIComponent(email)}` };
  }

  // Stripe is called before the transaction opens: holding a database transaction across
  // network calls would stall every other request on the embedded single-connection database.
  // Nothing is written until Checkout exists, and a lost race undoes the Stripe customer.
  const checkout = await startCheckout(ctx, stripe, member, input.plan);
  try {
    await insertMember(ctx.db, {
      ...member,
      status: 'suspended',
      suspendedReason: AWAITING_CHECKOUT,
      stripeCustomerId: checkout.customerId,
    });
  } catch (error) {
    await discardCustomer(ctx, stripe, checkout.customerId);
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
  return { redirect_url: checkout.url };
}

async function insertTrialMember(
  ctx: AppContext,
  member: { id: string; email: string; passwordHash: string; firstName: string; lastName: string },
  planKey: JoinPlanKey,
) {
  const plan = joinPlanOf(planKey);
  const trialEnd = new Date(ctx.now().getTime() + JOIN_TRIAL_DAYS * 86_400_000);
  try {
    await ctx.db.transaction(async (tx) => {
      await insertMember(tx, { ...member, status: 'active' });
      await putMembership(tx, member.id, {
        vendor: 'internal',
        planKey: plan.key,
        planName: plan.name,
        status: 'trialing',
        interval: 'year',
        intervalCount: 1,
        unitAmount: plan.annualMinor,
        currency: 'usd',
        trialEnd,
        currentPeriodEnd: trialEnd,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}
