import type { ProcessMemory } from '../../context.ts';

/**
 * Computations under way in this process, by key: a burst of requests for the same uncached
 * answer (a member opening a filtered trade log page from several tabs, or 50 at once in the
 * bench) waits on the first one's instead of each asking the database for it again. The key
 * must name everything the answer depends on (member, revisions, query), so a caller never gets
 * an answer older than the revision it read. Settled computations are forgotten at once: what
 * is kept for later is the answer caches' business.
 */
export class SingleFlight {
  private readonly running = new Map<string, Promise<unknown>>();

  run<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const running = this.running.get(key);
    if (running) return running as Promise<T>;
    const started = compute().finally(() => this.running.delete(key));
    this.running.set(key, started);
    return started;
  }
}

/** One per app instance's memory, beside its answer caches (test apps never share one). */
const flights = new WeakMap<ProcessMemory, SingleFlight>();

export function singleFlight(memory: ProcessMemory): SingleFlight {
  let flight = flights.get(memory);
  if (!flight) flights.set(memory, (flight = new SingleFlight()));
  return flight;
}
