/**
 * Where a visitor was going when sign-in got in the way, carried as `?next=` through the
 * account page and the sign-in form. Only paths of this app are followed: anything else (another
 * host, `//host`, a backslash trick) is dropped, so the parameter cannot send anyone off-site.
 */
export function safeNext(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}

/** `path` with `next` added to its query (kept as is when there is no next). */
export function withNext(path: string, next: string | null): string {
  if (!next) return path;
  return `${path}${path.includes('?') ? '&' : '?'}next=${encodeURIComponent(next)}`;
}

/** The in-app path and query a loader's request is for. */
export function pathOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}
