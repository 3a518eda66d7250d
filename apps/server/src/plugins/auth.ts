import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext, AuthContext, CommunityStanding, ContentFamily, ContentRevisions } from '../context.ts';
import { apiTokens, communityChannels, communityRestrictions, contentRevisions, roles, tradeRevisions, userRoles, users } from '../db/schema/index.ts';
import { prepared } from '../db/prepared.ts';
import { AppError } from '../errors.ts';
import { batchedLookup } from '../lib/batched-lookup.ts';
import { sha256 } from '../lib/secrets.ts';

/**
 * Who may call a route:
 * - public: anyone;
 * - user: any signed-in person, including suspended members (the account area);
 * - member: signed in with an active membership (the gated platform);
 * - a permission string additionally requires that permission (e.g. alphaorb.manage).
 */
export type Access = 'public' | 'user' | 'member';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    permission?: string;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export const INACTIVE_MEMBERSHIP_MESSAGE = 'Your membership is inactive. Update billing to regain access.';
const TOUCH_INTERVAL_MS = 60_000;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token.length > 0 && token.length <= 256 ? token : null;
}

const tokenQuery = prepared((db) =>
  db
    .select({
      tokenHash: apiTokens.tokenHash,
      tokenId: apiTokens.id,
      lastUsedAt: apiTokens.lastUsedAt,
      userId: users.id,
      email: users.email,
      status: users.status,
      permissions: users.permissions,
      rolePermissions: sql<string[] | null>`(
        select array_agg(distinct p) from ${userRoles}
        join ${roles} on ${roles.name} = ${userRoles.roleName}
        cross join lateral unnest(${roles.permissions}) as p
        where ${userRoles.userId} = ${users.id})`,
      revisions: sql<[string, string, string, string, string, string] | null>`(select array[${tradeRevisions.revision}, ${tradeRevisions.journalRevision}, ${tradeRevisions.courseRevision}, ${tradeRevisions.botRevision}, ${tradeRevisions.notificationRevision}, ${tradeRevisions.profileRevision}] from ${tradeRevisions} where ${tradeRevisions.userId} = ${users.id})`,
      // A few rows: read here, the shared content's cached answers cost the request no query.
      // One text, not an array: every row of the statement carries the same, so it is parsed
      // once (sharedParse below) instead of as an array of strings per row.
      contentRevisions: sql<string | null>`(select string_agg(${contentRevisions.family} || '=' || ${contentRevisions.revision}, ',') from ${contentRevisions})`,
      // The member's community restrictions in force (a probe of its primary key, usually empty)
      // and each channel's page revision (a handful of rows): a kept channel page then costs the
      // request no statement of its own (modules/community/page-answers.ts).
      restrictions: sql<string[] | null>`(select array_agg(${communityRestrictions.kind} || '=' || coalesce((extract(epoch from ${communityRestrictions.until}) * 1000)::bigint::text, '')) from ${communityRestrictions}
        where ${communityRestrictions.userId} = ${users.id} and (${communityRestrictions.until} is null or ${communityRestrictions.until} > ${sql.placeholder('now')}::timestamptz))`,
      pageRevisions: sql<string | null>`(select string_agg(${communityChannels.id} || '=' || ${communityChannels.pageRevision}, ',') from ${communityChannels})`,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(sql`${apiTokens.tokenHash} = any(${sql.placeholder('hashes')}::text[])`, gt(apiTokens.expiresAt, sql.placeholder('now'))))
    .prepare('auth_tokens'),
);

/**
 * `parse` of the last text seen, parsed again only when the text differs. The shared revisions
 * are the same text in every row of a statement and in every statement until a write moves one,
 * so the requests share one parsed value (read-only: `Readonly` in AuthContext) instead of each
 * building its own.
 */
function sharedParse<T>(parse: (text: string | null) => T): (text: string | null) => T {
  let lastText: string | null | undefined;
  let last: T;
  return (text) => {
    if (text !== lastText) {
      last = parse(text);
      lastText = text;
    }
    return last;
  };
}

/** `family=revision` pairs, comma-separated, as read with the token; a family never written yet is at 0. */
const contentRevisionsOf = sharedParse((text): ContentRevisions => {
  const revisions: ContentRevisions = { levels: 0, 'market-events': 0, courses: 0, 'live-sessions': 0, 'community-channels': 0 };
  for (const [family, revision] of revisionPairs(text)) {
    if (family in revisions) revisions[family as ContentFamily] = revision;
  }
  return revisions;
});

/** `name=revision` pairs joined by commas; a name may itself hold '=' (the last one splits). */
function revisionPairs(text: string | null): Array<[string, number]> {
  return (text ? text.split(',') : []).map((pair) => {
    const at = pair.lastIndexOf('=');
    return [pair.slice(0, at), Number(pair.slice(at + 1))];
  });
}

/** Most members: no restriction in force (shared, read-only). */
const UNRESTRICTED: Readonly<CommunityStanding> = Object.freeze({ suspended: false, mutedUntil: null });

/** `kind=until` pairs (milliseconds; empty for a suspension) of the restrictions in force. */
function communityStandingOf(pairs: string[] | null): Readonly<CommunityStanding> {
  if (!pairs) return UNRESTRICTED;
  let suspended = false;
  let mutedUntil: Date | null = null;
  for (const pair of pairs) {
    const [kind, until] = pair.split('=');
    if (kind === 'suspended') suspended = true;
    else if (kind === 'muted' && until) mutedUntil = new Date(Number(until));
  }
  return { suspended, mutedUntil };
}

/** `channel id=page revision` pairs, comma-separated. */
const pageRevisionsOf = sharedParse((text): ReadonlyMap<string, number> => new Map(revisionPairs(text)));

/**
 * The members behind a set of token hashes, with effective permissions (direct + roles); their
 * tokens' last use is recorded (once a minute).
 */
async function membersOfTokens(ctx: AppContext, hashes: string[]): Promise<Map<string, AuthContext>> {
  const now = ctx.now();
  const rows = await tokenQuery(ctx.db).execute({ hashes, now: now.toISOString() });
  const stale = rows.filter((row) => !row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS);
  if (stale.length > 0) {
    await ctx.db.update(apiTokens).set({ lastUsedAt: now }).where(inArray(apiTokens.id, stale.map((row) => row.tokenId)));
  }
  return new Map(
    rows.map((row) => [
      row.tokenHash,
      {
        userId: row.userId,
        tokenId: row.tokenId,
        email: row.email,
        status: row.status,
        permissions: new Set([...row.permissions, ...(row.rolePermissions ?? [])]),
        tradeRevision: Number(row.revisions?.[0] ?? 0),
        journalRevision: Number(row.revisions?.[1] ?? 0),
        courseRevision: Number(row.revisions?.[2] ?? 0),
        botRevision: Number(row.revisions?.[3] ?? 0),
        notificationRevision: Number(row.revisions?.[4] ?? 0),
        profileRevision: Number(row.revisions?.[5] ?? 0),
        contentRevisions: contentRevisionsOf(row.contentRevisions),
        communityStanding: communityStandingOf(row.restrictions),
        pageRevisions: pageRevisionsOf(row.pageRevisions),
      },
    ]),
  );
}

export function registerAuth(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('auth', null);
  // Tokens presented in the same turn of the event loop are looked up together, in one query.
  const memberOfToken = batchedLookup((hashes: string[]) => membersOfTokens(ctx, hashes));

  // onRequest: identity is settled before the body is even parsed, so anonymous callers learn
  // nothing from validation errors and cannot make the server parse large bodies.
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    request.auth = token ? ((await memberOfToken(sha256(token))) ?? null) : null;

    // Read once: Fastify builds routeOptions afresh on every access.
    const options = request.routeOptions;
    const config = options.config ?? {};
    // API routes are members-only unless they say otherwise; the OpenAPI document is public.
    // Decided on the matched route: the raw URL may spell the same route as `/%61pi/…`.
    const route = options.url ?? '';
    const api = route.startsWith('/api/') && !route.startsWith('/api/docs');
    const access: Access = config.access ?? (api ? 'member' : 'public');
    if (access === 'public') return;
    if (!request.auth) throw new AppError('unauthenticated', 'Unauthenticated.');
    if (config.permission && !request.auth.permissions.has(config.permission)) {
      throw new AppError(
        'forbidden',
        "You don't have permission to access this feature. Contact an administrator to inquire about access.",
      );
    }
    if (access === 'member' && request.auth.status !== 'active') {
      throw new AppError('membership_inactive', INACTIVE_MEMBERSHIP_MESSAGE);
    }
  });
}

/** The signed-in member of a route whose access is not public. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('unauthenticated', 'Unauthenticated.');
  return request.auth;
}
