import { createBrowserRouter, matchPath, matchRoutes, redirect, type RouteObject } from 'react-router';
import { AppShell } from './app-shell';
import { redirectSignedIn, requireActiveMembership, requireSignedIn, requireStaff } from './guards';
import type { RouteHandle } from './route-handle';
import { loader as tradeDeskLoader, tradeDeskMonthCalls } from './routes/tradedesk-loader';
import { paths, routePatterns } from '@/config/paths';
import { profileQueryOptions } from '@/features/auth/api/get-profile';
import { hasValidToken } from '@/lib/auth-storage';
import { queryClient } from '@/lib/query-client';

const handle = (value: RouteHandle) => value;

/** Route modules are lazy: the landing page never downloads the platform's code. */
const landingRoutes: RouteObject[] = [
  { index: true, handle: handle({ name: 'home' }), lazy: () => import('./routes/home') },
  { path: routePatterns.previewAlt, handle: handle({ name: 'preview-alt', title: 'Preview' }), lazy: () => import('./routes/preview-alt') },
  { path: routePatterns.join, handle: handle({ name: 'join', title: 'Join' }), lazy: () => import('./routes/join') },
  { path: routePatterns.joinCancel, handle: handle({ name: 'join-cancel', title: 'Join' }), lazy: () => import('./routes/join') },
  { path: routePatterns.terms, handle: handle({ name: 'terms', title: 'Terms of Service' }), lazy: () => import('./routes/terms') },
  { path: routePatterns.privacy, handle: handle({ name: 'privacy', title: 'Privacy Policy' }), lazy: () => import('./routes/privacy') },
  { path: routePatterns.accessibility, handle: handle({ name: 'accessibility', title: 'Accessibility' }), lazy: () => import('./routes/accessibility') },
  {
    loader: redirectSignedIn,
    children: [
      { path: routePatterns.login, handle: handle({ name: 'account-login', title: 'Sign In' }), lazy: () => import('./routes/account-login') },
      { path: routePatterns.passwordRequest, handle: handle({ name: 'password-request', title: 'Forgot Password' }), lazy: () => import('./routes/password-request') },
      { path: routePatterns.passwordReset, handle: handle({ name: 'password-reset', title: 'Reset Password' }), lazy: () => import('./routes/password-reset') },
      { path: routePatterns.sendInvite, handle: handle({ name: 'send-invite', title: 'Send Invite' }), lazy: () => import('./routes/send-invite') },
      { path: routePatterns.invite, handle: handle({ name: 'account-invite', title: 'Complete Your Invite' }), lazy: () => import('./routes/account-invite') },
    ],
  },
  { path: routePatterns.error, handle: handle({ name: 'error', title: 'Error' }), lazy: () => import('./routes/error-page') },
  { path: '*', handle: handle({ name: 'not-found', title: 'Page not found' }), lazy: () => import('./routes/not-found') },
];

const gatedRoutes: RouteObject[] = [
  { path: routePatterns.dashboard, handle: handle({ name: 'dashboard', title: 'Dashboard' }), lazy: () => import('./routes/dashboard') },
  { path: routePatterns.sessions, handle: handle({ name: 'sessions', title: 'Live Sessions' }), lazy: () => import('./routes/sessions') },
  {
    path: routePatterns.liveSession,
    handle: handle({ name: 'live-session' }),
    loader: ({ params }) => redirect(paths.liveSessionClient(params.sessionId)),
    // Never rendered (the loader always redirects); declared so the router does not warn of an empty page.
    element: null,
  },
  { path: routePatterns.liveSessionClient, handle: handle({ name: 'live-session-client', title: 'Live Session' }), lazy: () => import('./routes/live-session-client') },
  { path: routePatterns.courses, handle: handle({ name: 'courses', title: 'Education Courses' }), lazy: () => import('./routes/courses') },
  { path: routePatterns.courseDetail, handle: handle({ name: 'course-detail', title: 'Course' }), lazy: () => import('./routes/course-detail') },
  {
    path: routePatterns.tradedesk,
    handle: handle({ name: 'tradedesk', title: 'TradeDesk Journal' }),
    // The loader is in the entry (about 1 KB gzipped): it starts the month's calls as the router
    // starts, beside the profile, not once the `route-loaders` chunk has come from the cache
    // after the entry's evaluation (30-40 ms later on a warm load, issue #27).
    loader: tradeDeskLoader,
    lazy: {
      Component: async () => (await import('./routes/tradedesk')).Component,
    },
  },
  { path: routePatterns.reports, handle: handle({ name: 'tradedesk-reports', title: 'Reports' }), lazy: () => import('./routes/tradedesk-reports') },
  { path: routePatterns.playbooks, handle: handle({ name: 'playbooks', title: 'Playbooks' }), lazy: () => import('./routes/tradedesk-playbooks') },
  {
    path: routePatterns.tradedeskDay,
    handle: handle({ name: 'tradedesk-day', title: 'Daily Log' }),
    // As TradeDesk's: the day's trades and a named trade's chart start while the page's code loads.
    lazy: {
      loader: async () => (await import('./routes/tradedesk-day-loader')).loader,
      Component: async () => (await import('./routes/tradedesk-day')).Component,
    },
  },
  { path: routePatterns.tradelog, handle: handle({ name: 'tradelog', title: 'Trade Log' }), lazy: () => import('./routes/tradelog') },
  { path: routePatterns.marketEvents, handle: handle({ name: 'market-events', title: 'Market Events' }), lazy: () => import('./routes/market-events') },
  { path: routePatterns.levels, handle: handle({ name: 'levels', title: 'Levels Grabber' }), lazy: () => import('./routes/levels') },
  { path: routePatterns.risk, handle: handle({ name: 'risk', title: 'Risk Manager' }), lazy: () => import('./routes/risk') },
  { path: routePatterns.community, handle: handle({ name: 'community', title: 'Community' }), lazy: () => import('./routes/community') },
  { path: routePatterns.communityChannel, handle: handle({ name: 'community-channel', title: 'Community channel' }), lazy: () => import('./routes/community-channel') },
  { path: routePatterns.notifications, handle: handle({ name: 'notifications', title: 'Notifications' }), lazy: () => import('./routes/notifications') },
  { path: routePatterns.alphaorb, handle: handle({ name: 'alphaorb', title: 'AlphaORB' }), lazy: () => import('./routes/alphaorb') },
  { path: routePatterns.alphaorbBotCreate, handle: handle({ name: 'alphaorbbotcreate', title: 'New AlphaORB bot' }), lazy: () => import('./routes/alphaorb-bot-create') },
  { path: routePatterns.alphaorbBacktest, handle: handle({ name: 'alphaorbbacktest', title: 'Backtest' }), lazy: () => import('./routes/alphaorb-backtest') },
  { path: routePatterns.alphaorbBot, handle: handle({ name: 'alphaorbbot', title: 'AlphaORB bot' }), lazy: () => import('./routes/alphaorb-bot') },
  { path: routePatterns.alphaorbBotSettings, handle: handle({ name: 'alphaorbbotsettings', title: 'Bot settings' }), lazy: () => import('./routes/alphaorb-bot-settings') },
];

const accountRoutes: RouteObject[] = [
  { path: routePatterns.account, handle: handle({ name: 'account', title: 'Account' }), loader: requireSignedIn, lazy: () => import('./routes/account') },
  { path: routePatterns.accountEdit, handle: handle({ name: 'account-edit', title: 'Update Details' }), loader: requireSignedIn, lazy: () => import('./routes/account-edit') },
  { path: routePatterns.accountSubscription, handle: handle({ name: 'account-subscription', title: 'Manage subscription' }), loader: requireSignedIn, lazy: () => import('./routes/account-subscription') },
  { path: routePatterns.accountLink, handle: handle({ name: 'account-link', title: 'Link trading account' }), loader: requireSignedIn, lazy: () => import('./routes/account-link') },
  { path: routePatterns.accountData, handle: handle({ name: 'account-data', title: 'Your data' }), loader: requireSignedIn, lazy: () => import('./routes/account-data') },
  { path: routePatterns.accountNotifications, handle: handle({ name: 'account-notifications', title: 'Notification preferences' }), loader: requireSignedIn, lazy: () => import('./routes/account-notifications') },
];

/** The staff console: its own layout and lazy chunks, never downloaded by members. */
const adminRoutes: RouteObject[] = [
  { index: true, handle: handle({ name: 'admin-members', title: 'Staff — Members' }), lazy: () => import('./routes/admin-members') },
  { path: routePatterns.staffMember, handle: handle({ name: 'admin-member', title: 'Staff — Member' }), lazy: () => import('./routes/admin-member') },
  { path: routePatterns.staffAudit, handle: handle({ name: 'admin-audit', title: 'Staff — Audit log' }), lazy: () => import('./routes/admin-audit') },
  { path: routePatterns.staffCourses, handle: handle({ name: 'admin-courses', title: 'Staff — Courses' }), lazy: () => import('./routes/admin-courses') },
  { path: routePatterns.staffCourse, handle: handle({ name: 'admin-course', title: 'Staff — Course' }), lazy: () => import('./routes/admin-course') },
  { path: routePatterns.staffLesson, handle: handle({ name: 'admin-lesson', title: 'Staff — Lesson' }), lazy: () => import('./routes/admin-lesson') },
  { path: routePatterns.staffLessonPreview, handle: handle({ name: 'admin-lesson-preview', title: 'Staff — Lesson preview' }), lazy: () => import('./routes/admin-lesson-preview') },
  { path: routePatterns.staffSessions, handle: handle({ name: 'admin-sessions', title: 'Staff — Live sessions' }), lazy: () => import('./routes/admin-sessions') },
  { path: routePatterns.staffSession, handle: handle({ name: 'admin-session', title: 'Staff — Live session' }), lazy: () => import('./routes/admin-session') },
  { path: routePatterns.staffMarketEvents, handle: handle({ name: 'admin-market-events', title: 'Staff — Market events' }), lazy: () => import('./routes/admin-market-events') },
  { path: routePatterns.staffCommunity, handle: handle({ name: 'admin-community', title: 'Staff — Community reports' }), lazy: () => import('./routes/admin-community') },
  { path: routePatterns.staffNotifications, handle: handle({ name: 'admin-notifications', title: 'Staff — Notification deliveries' }), lazy: () => import('./routes/admin-notifications') },
];

const staffLayout: RouteObject = { path: routePatterns.staff, loader: requireStaff, lazy: () => import('./layouts/admin-layout'), children: adminRoutes };
const platformLayout: RouteObject = {
  handle: handle({ layout: 'Platform' }),
  lazy: () => import('./layouts/platform-layout'),
  children: [{ loader: requireActiveMembership, children: gatedRoutes }, ...accountRoutes],
};

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppShell,
    // The first load waits for the route's code and loader; nothing is shown meanwhile, on purpose.
    HydrateFallback: () => null,
    children: [
      staffLayout,
      platformLayout,
      {
        handle: handle({ layout: 'Landing' }),
        lazy: () => import('./layouts/landing-layout'),
        children: landingRoutes,
      },
    ],
  },
];

/** The layouts whose pages all start from the member's profile (their guards, the top bar). */
const PROFILE_LAYOUTS = new Set<RouteObject>([staffLayout, platformLayout]);

/**
 * A page's own calls that its loader starts, sent on the first page of a visit with the profile's
 * (below), by the page's pattern. Each of these pages is under a profile layout (tested).
 */
export const FIRST_PAGE_CALLS = new Map<string, typeof tradeDeskMonthCalls>([
  [routePatterns.tradedesk, tradeDeskMonthCalls],
]);

/**
 * On the first page of a visit, a platform or staff page asks for the profile, and TradeDesk
 * for its month, before the router is created. The browser opens six connections per host: on
 * a cold load the profile call queued behind a dozen scripts. And creating the router is not
 * free: it reads sessionStorage (its view transitions), whose first read in a tab waits for the
 * browser process, and compiles the route table; the month's calls waited for both (175 ms in
 * a traced cold load on a busy machine, issue #27). The guard and the loader then find the calls
 * in flight; the loader still reads their outcome (a refusal: calls-before-profile.ts). Public
 * pages call nothing. A page with calls of its own is matched by its pattern alone: matching
 * the whole route table here compiled every pattern before the calls left (~60 ms of a traced
 * cold load at load 8), and the router compiles them again when it is created.
 */
function startFirstPageCalls(url: URL) {
  if (!hasValidToken()) return;
  const own = [...FIRST_PAGE_CALLS].find(([pattern]) => matchPath(pattern, url.pathname));
  if (!own && !matchRoutes(routes, url.pathname)?.some((match) => PROFILE_LAYOUTS.has(match.route))) return;
  void queryClient.prefetchQuery(profileQueryOptions());
  for (const call of own?.[1](url) ?? []) void call.start().catch(() => null);
}

export const createRouter = () => {
  startFirstPageCalls(new URL(window.location.href));
  return createBrowserRouter(routes);
};
