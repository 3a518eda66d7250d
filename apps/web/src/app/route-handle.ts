/** Metadata every route carries: its name in the spec, its layout and its page title. */
export type RouteHandle = {
  name?: string;
  layout?: 'Landing' | 'Platform';
  title?: string;
};
