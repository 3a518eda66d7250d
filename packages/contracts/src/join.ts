import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { Email } from './common.ts';

/**
 * The memberships a visitor can join (platform §1). Prices are per month, billed annually;
 * `annualMinor` is what one year costs in minor units, which is what the subscription stores.
 */
export const JOIN_PLANS = [
  {
    key: 'founding',
    name: 'Founding Member',
    monthly: 50,
    annualMinor: 60_000,
    summary: 'Introductory rate, kept for as long as your membership stays active.',
  },
  {
    key: 'trader',
    name: 'Trader',
    monthly: 50,
    annualMinor: 60_000,
    summary: 'Live sessions, every course, TradeDesk and the community.',
  },
  {
    key: 'automation',
    name: 'Trader plus Automation',
    monthly: 95,
    annualMinor: 114_000,
    summary: 'Everything in Trader, plus the AlphaORB opening-range-breakout bot.',
  },
] as const;

export type JoinPlanKey = (typeof JOIN_PLANS)[number]['key'];
export type JoinPlan = (typeof JOIN_PLANS)[number];

/** Length of the free trial every new membership starts with. */
export const JOIN_TRIAL_DAYS = 7;

export const joinPlanOf = (key: JoinPlanKey): JoinPlan =>
  JOIN_PLANS.find((plan) => plan.key === key)!;

const name = (label: string) =>
  z
    .string({ error: `Please enter your ${label}.` })
    .trim()
    .min(1, `Please enter your ${label}.`)
    .max(100, `Your ${label} is limited to 100 characters.`);

export const JoinRequest = z
  .object({
    plan: z.enum(['founding', 'trader', 'automation'], { error: 'Choose a membership plan.' }),
    first_name: name('first name'),
    last_name: name('last name'),
    email: Email,
    password: z
      .string({ error: 'Please choose a password.' })
      .min(8, 'Passwords must be at least 8 characters.')
      .max(200, 'Passwords are limited to 200 characters.'),
    password_confirmation: z
      .string({ error: 'Please confirm your password.' })
      .min(1, 'Please confirm your password.'),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'Passwords do not match.',
    path: ['password_confirmation'],
  });
export type JoinRequest = z.input<typeof JoinRequest>;

/** Where the browser goes next: the sign-in page (internal trial) or Stripe Checkout. */
export const JoinResponse = z.object({ redirect_url: z.string() });
export type JoinResponse = z.infer<typeof JoinResponse>;

/** Joining: the sign-up that starts a membership. */
export const joinEndpoints = {
  createJoin: endpoint({
    method: 'POST',
    path: '/api/join',
    tags: ['join'],
    body: JoinRequest,
    response: { 200: JoinResponse },
  }),
};
