import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionSignature } from '@th/contracts';
import { liveSessionEndpoints } from '@th/contracts/live-sessions';
import { api } from '@/lib/api-client';

/**
 * Asks the server to sign a join for the session. The live client view uses the answer to tell
 * whether In Platform streaming is available (503 explains how to join from Zoom instead).
 */
export async function getSessionSignature(sessionId: string): Promise<SessionSignature> {
  return api.call(liveSessionEndpoints.getSessionSignature, { params: { id: sessionId } });
}

export const sessionSignatureQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['live-sessions', sessionId, 'signature'],
    queryFn: () => getSessionSignature(sessionId),
    staleTime: 30 * 60_000,
    retry: false,
  });

export const useSessionSignature = (sessionId: string, enabled: boolean) =>
  useQuery({ ...sessionSignatureQueryOptions(sessionId), enabled });
