/**
 * The route table's path patterns, written once: app/router.tsx registers these and the
 * builders below fill them, so a link can only point at a path the table has (a lint rule
 * refuses a route path typed anywhere else in the SPA).
 */
export const routePatterns = {
  home: '/',
  previewAlt: '/preview/alt',
  join: '/join',
  joinCancel: '/join/cancel',
  terms: '/terms',
  privacy: '/privacy',
  accessibility: '/accessibility',
  login: '/account/login',
  passwordRequest: '/password/request',
  passwordReset: '/password/reset/:token?',
  sendInvite: '/account/send-invite',
  invite: '/account/invite/:token?',
  dashboard: '/dashboard',
  sessions: '/sessions',
  liveSession: '/sessions/live/:sessionId?',
  liveSessionClient: '/sessions/client/:sessionId?',
  courses: '/courses',
  courseDetail: '/courses/:courseSlug/:moduleSlug?',
  tradedesk: '/tradedesk',
  tradedeskDay: '/tradedesk/day/:date',
  reports: '/tradedesk/reports',
  playbooks: '/tradedesk/playbooks',
  tradelog: '/tradelog',
  marketEvents: '/market-events',
  levels: '/levels',
  risk: '/risk',
  community: '/community',
  communityChannel: '/community/:channelSlug',
  notifications: '/notifications',
  alphaorb: '/alphaorb',
  alphaorbBotCreate: '/alphaorb/bots/new',
  alphaorbBacktest: '/alphaorb/backtest',
  alphaorbBot: '/alphaorb/bots/:botSlug',
  alphaorbBotSettings: '/alphaorb/bots/:botSlug/settings',
  account: '/account',
  accountEdit: '/account/edit',
  accountSubscription: '/account/subscription',
  accountLink: '/account/link',
  accountData: '/account/data',
  accountNotifications: '/account/notifications',
  error: '/error/:code',
  staff: '/admin',
  staffMember: '/admin/members/:id',
  staffAudit: '/admin/audit',
  staffCourses: '/admin/courses',
  staffCourse: '/admin/courses/:courseId',
  staffLesson: '/admin/courses/:courseId/lessons/:lessonId',
  staffLessonPreview: '/admin/courses/:courseId/lessons/:lessonId/preview',
  staffSessions: '/admin/sessions',
  staffSession: '/admin/sessions/:sessionId',
  staffMarketEvents: '/admin/market-events',
  staffCommunity: '/admin/community',
  staffNotifications: '/admin/notifications',
} as const;

/** A pattern with its `:params` filled (encoded); an optional one left empty drops its segment. */
export function fillPattern(pattern: string, params: Record<string, string | undefined> = {}): string {
  return pattern.replace(/\/:(\w+)(\?)?/g, (_, name: string, optional?: string) => {
    const value = params[name];
    if (value) return `/${encodeURIComponent(value)}`;
    if (optional) return '';
    throw new Error(`${pattern} needs its ${name}`);
  });
}

const withQuery = (path: string, query: Record<string, string | undefined>) => {
  const entries = Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1]));
  return entries.length ? `${path}?${new URLSearchParams(entries).toString()}` : path;
};

const p = routePatterns;

/** Named paths of the route table, so features link without spelling URLs by hand. */
export const paths = {
  home: p.home,
  previewAlt: p.previewAlt,
  join: p.join,
  joinCancel: p.joinCancel,
  terms: p.terms,
  privacy: p.privacy,
  accessibility: p.accessibility,
  login: p.login,
  passwordRequest: p.passwordRequest,
  passwordReset: (token: string) => fillPattern(p.passwordReset, { token }),
  sendInvite: p.sendInvite,
  invite: (token?: string) => fillPattern(p.invite, { token }),
  dashboard: p.dashboard,
  sessions: p.sessions,
  liveSession: (sessionId: string) => fillPattern(p.liveSession, { sessionId }),
  liveSessionClient: (sessionId?: string) => fillPattern(p.liveSessionClient, { sessionId }),
  courses: p.courses,
  courseDetail: (courseSlug: string, moduleSlug?: string) => fillPattern(p.courseDetail, { courseSlug, moduleSlug }),
  tradedesk: p.tradedesk,
  tradedeskMonth: (month: string) => withQuery(p.tradedesk, { month }),
  tradedeskDay: (date: string, tradeId?: string) => withQuery(fillPattern(p.tradedeskDay, { date }), { trade: tradeId }),
  reports: p.reports,
  playbooks: p.playbooks,
  tradelog: p.tradelog,
  marketEvents: p.marketEvents,
  levels: p.levels,
  risk: p.risk,
  community: p.community,
  communityChannel: (channelSlug: string) => fillPattern(p.communityChannel, { channelSlug }),
  communityThread: (channelSlug: string, postId: number) => withQuery(fillPattern(p.communityChannel, { channelSlug }), { thread: String(postId) }),
  notifications: p.notifications,
  alphaorb: p.alphaorb,
  alphaorbBotCreate: p.alphaorbBotCreate,
  alphaorbBacktest: p.alphaorbBacktest,
  alphaorbBot: (botSlug: string) => fillPattern(p.alphaorbBot, { botSlug }),
  alphaorbBotSettings: (botSlug: string) => fillPattern(p.alphaorbBotSettings, { botSlug }),
  account: p.account,
  accountSuspended: withQuery(p.account, { notice: 'suspended' }),
  accountEdit: p.accountEdit,
  accountSubscription: p.accountSubscription,
  accountLink: (reactivate?: string) => withQuery(p.accountLink, { reactivate }),
  accountData: p.accountData,
  accountNotifications: p.accountNotifications,
  staff: p.staff,
  staffMember: (id: string) => fillPattern(p.staffMember, { id }),
  staffAudit: p.staffAudit,
  staffCourses: p.staffCourses,
  staffCourse: (courseId: string) => fillPattern(p.staffCourse, { courseId }),
  /** `lessonId` 'new' opens the editor on a new lesson. */
  staffLesson: (courseId: string, lessonId: string) => fillPattern(p.staffLesson, { courseId, lessonId }),
  staffLessonPreview: (courseId: string, lessonId: string) => fillPattern(p.staffLessonPreview, { courseId, lessonId }),
  staffSessions: p.staffSessions,
  /** `sessionId` 'new' opens the form on a new session. */
  staffSession: (sessionId: string) => fillPattern(p.staffSession, { sessionId }),
  staffMarketEvents: p.staffMarketEvents,
  staffCommunity: p.staffCommunity,
  staffNotifications: p.staffNotifications,
} as const;
