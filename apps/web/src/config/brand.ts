/** The brand, in one place: product name, support address and the API host. */
export const brand = {
  name: import.meta.env.VITE_BRAND_NAME ?? 'Traders Hub',
  tagline: 'Earn while you learn real day trading skills',
  supportEmail: import.meta.env.VITE_SUPPORT_EMAIL ?? 'support@tradershub.local',
  mission: 'Trade with a plan. Learn in public. Grow together.',
  /** Empty means same origin: the server serves the SPA and the API together. */
  apiHost: import.meta.env.VITE_API_HOST ?? '',
} as const;

export const pageTitle = (title?: string) =>
  title ? `${brand.name} — ${title}` : `The ${brand.name} — ${brand.tagline}`;
