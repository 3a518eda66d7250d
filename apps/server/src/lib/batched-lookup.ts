/**
 * Coalesces lookups made in the same turn of the event loop into one call of `load` (the
 * DataLoader pattern, without its cache). Under load many requests arrive in one turn; one
 * query for all of them costs the database a single wake-up instead of one per request, and
 * each answer is still read after its request arrived, so nothing is served stale.
 */
export function batchedLookup<K, V>(load: (keys: K[]) => Promise<Map<K, V>>): (key: K) => Promise<V | undefined> {
  let pending: Map<K, Array<{ resolve: (value: V | undefined) => void; reject: (error: unknown) => void }>> | null = null;

  const flush = async (batch: NonNullable<typeof pending>) => {
    try {
      const found = await load([...batch.keys()]);
      for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(found.get(key));
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    }
  };

  return (key) =>
    new Promise((resolve, reject) => {
      if (!pending) {
        const batch = (pending = new Map());
        // setImmediate runs after the poll phase, so every request read from the sockets in this
        // turn joins the batch.
        setImmediate(() => {
          pending = null;
          void flush(batch);
        });
      }
      const waiters = pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(key, [{ resolve, reject }]);
    });
}
