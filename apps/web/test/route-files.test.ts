// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readRouteTable } from '../build/route-table';

// The build names each page's files from these modules (build/route-files.ts), and the server
// puts them in the page's document: a module missed here is a file asked for late again.
describe("the router's pages and the modules each imports lazily", () => {
  const table = readRouteTable();
  const page = (path: string) => table.find((entry) => entry.path === path);

  it("lists a page's layouts and its own module, in the order the router loads them", () => {
    expect(page('/tradedesk')?.modules).toEqual(['./layouts/platform-layout', './routes/tradedesk']);
    expect(page('/')?.modules).toEqual(['./layouts/landing-layout', './routes/home']);
    expect(page('/admin')?.modules).toEqual(['./layouts/admin-layout', './routes/admin-members']);
    expect(page('/*')?.modules).toEqual(['./layouts/landing-layout', './routes/not-found']);
  });

  it("includes a lazy loader's module beside the page's", () => {
    expect(page('/tradedesk/day/:date')?.modules).toEqual([
      './layouts/platform-layout',
      './routes/tradedesk-day-loader',
      './routes/tradedesk-day',
    ]);
  });

  it('gives every page that renders code some module to load', () => {
    const without = table.filter((entry) => entry.modules.length === 0).map((entry) => entry.path);
    expect(without).toEqual([]);
  });
});
