import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import { profileQueryOptions } from '@/features/auth/api/get-profile';
import { queryClient } from '@/lib/query-client';

/** One call to start early: its cache key and how to fetch it. */
type EarlyCall = { queryKey: QueryKey; start: () => Promise<unknown> };

/** A query's options as an early call; each keeps its own data type (TanStack's options are invariant in it). */
export function early<TData, TKey extends QueryKey>(options: FetchQueryOptions<TData, Error, TData, TKey>): EarlyCall {
  return { queryKey: options.queryKey, start: () => queryClient.fetchQuery(options) };
}

/**
 * A page's calls, started by its route loader while the profile (/api/me) is still in flight:
 * the stored token is all they need, and waiting for the profile held them for its whole round
 * trip (issue #27). Each must be built with the `guard` rule (lib/api-client.ts), so a refusal
 * (a suspended member's 403, a revoked token's 401) raises no notice and signs no one out: the
 * membership guard acts on the profile's answer and sends the member where it always has. A
 * call refused although the profile then lets the member in (the membership changed meanwhile)
 * is dropped from the cache, so the page asks again under its own rules.
 * Settles once the profile has answered; the calls themselves are never awaited.
 */
export async function startBeforeProfile(calls: readonly EarlyCall[]): Promise<void> {
  const refused = calls.map((call) =>
    call.start().then(
      () => null,
      () => call.queryKey,
    ),
  );
  const profile = await queryClient.ensureQueryData(profileQueryOptions()).catch(() => null);
  if (profile?.status !== 'active') return;
  for (const answer of refused)
    void answer.then((queryKey) => queryKey && queryClient.resetQueries({ queryKey, exact: true }));
}
