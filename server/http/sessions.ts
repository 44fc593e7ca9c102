import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_COOKIE } from '../../core/common/csrf';
import { namedStatement, type Queryable } from '../db/database';
import { workspaceStandingSql, type TenantStanding } from '../identity/tenancy-repository';
import type { CurrentUser, Session } from './request-context';

export const SESSION_COOKIE = '_polycue_session';
/** last_seen_at is refreshed at most this often, so reads do not each cost a write. */
const TOUCH_AFTER_MS = 60_000;
const REAP_EVERY_MS = 10 * 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

interface SessionRow {
  id_hash: string;
  user_id: string | null;
  csrf_token: string;
  last_seen_at: Date;
  email: string | null;
  confirmed_at: Date | null;
}

/**
 * Why the session and the standing are read from the database on every request and not kept in
 * the web process (measured 2026-11-27, issue 22 item 10): the standing carries the workspace
 * revision, which every write in the workspace moves and which keys the list's kept pages, and a
 * session ends (log-out, password change) or a role changes on whichever web process took that
 * request. A per-process copy would answer from a stale revision or a dead session until it heard
 * of the change; LISTEN/NOTIFY arrives after the commit, asynchronously, so even the writer's own
 * next request could read the old page. One prepared round trip (below) is what is left of it.
 *
 * The same lookup, bringing the user's standing in one workspace along (null: none), for routes
 * that name their workspace in the query string (server/authz decides which, see
 * `app.workspaceOfRequest`): one round trip instead of two on the most frequent calls, such as
 * the project-version list.
 */
const SESSION_LOOKUP_WITH_STANDING = namedStatement(
  'session_lookup_with_standing',
  `SELECT s.id_hash, s.user_id::text AS user_id, s.csrf_token, s.last_seen_at, u.email, u.confirmed_at, to_json(st) AS standing
     FROM sessions s LEFT JOIN users u ON u.id = s.user_id
     LEFT JOIN LATERAL (${workspaceStandingSql('s.user_id', '$2')}) st ON true
    WHERE s.id_hash = $1 AND s.expires_at > now()`,
);

/** Runs on every request with a session cookie: a prepared statement. */
const SESSION_LOOKUP = namedStatement(
  'session_lookup',
  `SELECT s.id_hash, s.user_id::text AS user_id, s.csrf_token, s.last_seen_at, u.email, u.confirmed_at
     FROM sessions s LEFT JOIN users u ON u.id = s.user_id
    WHERE s.id_hash = $1 AND s.expires_at > now()`,
);

export async function loadUser(db: Queryable, userId: string): Promise<CurrentUser | null> {
  const { rows } = await db.query<{ id: string; email: string; confirmed_at: Date | null }>(
    'SELECT id::text AS id, email, confirmed_at FROM users WHERE id = $1',
    [userId],
  );
  const row = rows[0];
  return row ? { id: row.id, email: row.email, confirmed: row.confirmed_at !== null } : null;
}

/**
 * Sessions live in the database (web processes keep nothing between requests). The cookie holds
 * a random token; the row is keyed by its SHA-256. Every browser gets an anonymous session the
 * first time it loads the app (spa.ts), which carries the CSRF token; log-in and log-out replace
 * it so neither the session id nor the token survives a change of identity.
 */
export const sessionsPlugin = fp(
  async (app: FastifyInstance) => {
    const { db, config } = app;
    const secure = config.publicUrl.startsWith('https:');
    const maxAge = config.sessionTtlDays * 24 * 60 * 60;
    let lastReap = 0;

    app.decorateRequest('session', null);
    app.decorateRequest('currentUser', null);
    app.decorateRequest('prefetchedStanding', null);
    app.decorate('workspaceOfRequest', null);

    function setCookies(reply: FastifyReply, token: string, csrfToken: string): void {
      reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge });
      // Readable by the page: the browser takes its new token from here after log-in and log-out.
      reply.setCookie(CSRF_COOKIE, csrfToken, { path: '/', httpOnly: false, sameSite: 'lax', secure, maxAge });
    }

    async function createSession(
      request: FastifyRequest,
      reply: FastifyReply,
      userId: string | null,
    ): Promise<Session> {
      const token = newToken();
      const csrfToken = newToken();
      const idHash = hashToken(token);
      await db.query(
        `INSERT INTO sessions (id_hash, user_id, csrf_token, expires_at)
         VALUES ($1, $2, $3, now() + make_interval(days => $4::int))`,
        [idHash, userId, csrfToken, config.sessionTtlDays],
      );
      const session: Session = { id: idHash, userId, csrfToken };
      request.session = session;
      request.currentUser = userId ? await loadUser(db, userId) : null;
      setCookies(reply, token, csrfToken);
      return session;
    }

    app.decorate('replaceSession', async (request: FastifyRequest, reply: FastifyReply, userId: string | null) => {
      if (request.session) await db.query('DELETE FROM sessions WHERE id_hash = $1', [request.session.id]);
      return createSession(request, reply, userId);
    });

    /** The anonymous session the SPA page needs for its CSRF token (no-op when one exists). */
    app.decorate('ensureSession', async (request: FastifyRequest, reply: FastifyReply) => {
      return request.session ?? createSession(request, reply, null);
    });

    app.addHook('onRequest', async (request) => {
      const now = Date.now();
      if (now - lastReap > REAP_EVERY_MS) {
        lastReap = now;
        db.query('DELETE FROM sessions WHERE expires_at < now()').catch((err) =>
          request.log.warn({ err }, 'session reaping failed'),
        );
      }
      // An API token's request (request-credentials.ts) is no browser: no session is read.
      if (request.credential) return;
      const token = request.cookies[SESSION_COOKIE];
      if (!token || token.length > 200) return;
      const workspaceId = app.workspaceOfRequest?.(request) ?? null;
      const { rows } = await db.query<SessionRow & { standing?: TenantStanding | null }>(
        workspaceId ? SESSION_LOOKUP_WITH_STANDING : SESSION_LOOKUP,
        workspaceId ? [hashToken(token), workspaceId] : [hashToken(token)],
      );
      const row = rows[0];
      if (!row) return;
      if (workspaceId) request.prefetchedStanding = { workspaceId, standing: row.standing ?? null };
      request.session = { id: row.id_hash, userId: row.user_id, csrfToken: row.csrf_token };
      request.currentUser =
        row.user_id && row.email !== null
          ? { id: row.user_id, email: row.email, confirmed: row.confirmed_at !== null }
          : null;
      if (now - new Date(row.last_seen_at).getTime() > TOUCH_AFTER_MS) {
        // Sliding expiry: an active browser stays signed in.
        await db.query(
          `UPDATE sessions SET last_seen_at = now(), expires_at = now() + make_interval(days => $2::int) WHERE id_hash = $1`,
          [row.id_hash, config.sessionTtlDays],
        );
      }
    });
  },
  { name: 'polycue-sessions', dependencies: ['@fastify/cookie', 'polycue-request-credentials'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Creates the anonymous session (and its CSRF cookie) when the request has none. */
    ensureSession(request: FastifyRequest, reply: FastifyReply): Promise<Session>;
    /**
     * Set by server/authz: the workspace id a request names in its query string (unvalidated),
     * whose standing the session lookup should bring along; null for other routes.
     */
    workspaceOfRequest: ((request: FastifyRequest) => string | null) | null;
  }
  interface FastifyRequest {
    /** The session user's standing in `workspaceId`, read with the session (see SESSION_LOOKUP_WITH_STANDING). */
    prefetchedStanding: { workspaceId: string; standing: TenantStanding | null } | null;
  }
}
