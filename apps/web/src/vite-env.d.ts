/// <reference types="vite/client" />

declare const __BUILD_STAMP__: string;

interface ImportMetaEnv {
  readonly VITE_API_HOST?: string;
  readonly VITE_BRAND_NAME?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  /** A Sentry-compatible DSN for browser errors; unset, no reporting code is built. */
  readonly VITE_SENTRY_DSN?: string;
}
