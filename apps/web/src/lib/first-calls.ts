import { baseHeaders } from './api-url';

/*
 * Answers asked for by a page's first-calls script (src/first-calls.ts), which the server names in
 * TradeDesk's document: it runs as soon as it is read, before the app entry is evaluated, and
 * sends the page's first calls with the stored token. The API client takes an answer from here
 * instead of asking again when it sends the same GET with the same token, once.
 */

type FirstCalls = { token: string; answers: Map<string, Promise<Response>> };
/** `null` once the client has asked for a first call: a script arriving later asks nothing. */
type Slot = { __thFirstCalls?: FirstCalls | null };

const slot = () => window as Window & Slot;

/** Sends these GETs with `token`, unless the app has already asked for its first calls itself. */
export function sendFirstCalls(urls: readonly string[], token: string) {
  if (slot().__thFirstCalls !== undefined) return;
  const headers = baseHeaders(token);
  slot().__thFirstCalls = {
    token,
    answers: new Map(urls.map((url) => [url, fetch(url, { method: 'GET', headers, credentials: 'include' })])),
  };
}

/** The answer the first-calls script asked for this GET with this token, if any; each is given once. */
export function takeFirstCall(url: string, token: string | null): Promise<Response> | undefined {
  const calls = slot().__thFirstCalls;
  if (!calls) {
    slot().__thFirstCalls = null;
    return undefined;
  }
  if (calls.token !== token) return undefined;
  const answer = calls.answers.get(url);
  calls.answers.delete(url);
  return answer;
}
