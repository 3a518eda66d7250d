import type { Executor } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/index.ts';

/** A membership record's fields (one per member), as joining or staff set them. */
export type MembershipValues = Omit<typeof subscriptions.$inferInsert, 'userId'>;

/**
 * Creates a member's membership record or replaces its fields: joining with a trial, a member
 * staff created, or staff editing a membership billed outside Stripe.
 */
export async function putMembership(db: Executor, userId: string, values: MembershipValues) {
  await db
    .insert(subscriptions)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: subscriptions.userId, set: values });
}
