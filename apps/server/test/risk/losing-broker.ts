import type { EnforcementBroker, EnforcementOptions } from '../../src/modules/risk/enforcement.ts';

/**
 * A broker account down $1,000 on the day (balance 10,000, equity 9,000) and nothing open: the
 * first pass of a Toronto day notes the balance and, against a max daily loss of $500 or less,
 * finds the loss at once.
 */
export const losingBroker: EnforcementOptions = {
  brokerFor: (): EnforcementBroker => ({
    accountState: async () => ({ balance: 10_000, equity: 9_000 }),
    positions: async () => [],
    orders: async () => [],
    ordersHistory: async () => [],
    cancelOrder: async () => undefined,
    closePosition: async () => undefined,
  }),
};
