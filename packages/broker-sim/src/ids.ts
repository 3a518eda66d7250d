/**
 * Order, position and execution ids. They are decimal strings above 2^53 (as TradeLocker's
 * are) so any client that parses them as JS numbers loses digits and fails loudly in tests.
 */
export function createIdSource(start = 7_205_759_403_792_794_000n): () => string {
  let next = start;
  return () => {
    next += 1n;
    return next.toString();
  };
}
