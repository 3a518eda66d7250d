/** The billing module's public file: other modules import it only from here (lint enforces it). */
export { settleInternalTrials, TRIAL_ENDED_REASON } from './internal-trials.ts';
export { putMembership, type MembershipValues } from './memberships.ts';
export { stripeClient } from './stripe-client.ts';
export { anonymizeStripeCustomer, cancelForClosure, type ClosureCancel } from './closure.ts';
