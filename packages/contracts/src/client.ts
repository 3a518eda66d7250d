/** Client identity sent with every call (spec §7). Zod-free so the SPA entry stays small. */
export const CLIENT_VERSION = '1.0.4';
export const DEFAULT_DEVICE_NAME = `Web App ${CLIENT_VERSION}`;
