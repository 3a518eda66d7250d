import { vi } from 'vitest';

/** A JSON answer with `status` (200 unless told). */
export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Sets the XSRF cookie and answers every call with `status` and `body`; returns the calls made (URL and JSON body). */
export function stubEveryCall(status: number, body: unknown) {
  document.cookie = 'XSRF-TOKEN=test-token';
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return jsonResponse(body, status);
    }),
  );
  return calls;
}

/** Answers the XSRF cookie call (`/sanctum/csrf-cookie`) with 204, setting the cookie; every other call with `answer`. */
export function stubBehindCsrf(answer: (url: string, init: RequestInit) => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (String(url).endsWith('/sanctum/csrf-cookie')) {
        document.cookie = 'XSRF-TOKEN=t; path=/';
        return new Response(null, { status: 204 });
      }
      return answer(String(url), init);
    }),
  );
}
