import { brand } from '@/config/brand';

/**
 * The address an image the server names is loaded from (spec §7: media paths resolve against the
 * backend host). The server names https addresses, inline images, or site paths under its public
 * storage prefix (`/uploads/…`); a site path belongs to the API host, which is not the page's
 * own when the SPA is served apart from the API (VITE_API_HOST).
 */
export function mediaUrl(src: string, host: string = brand.apiHost): string {
  return src.startsWith('/') && !src.startsWith('//') ? `${host}${src}` : src;
}
