/**
 * The guard of the sandbox pages' forms (ADR 0052, 0063), one implementation for every page
 * whose form changes the server's state (the provider switch, the BVN consent page):
 * - CSRF: a random token in an HttpOnly, SameSite=Strict cookie scoped to the page's path must
 *   come back in the form's `csrf` field (a page of another site can neither read the cookie
 *   nor make the browser send it), and a browser's Origin / Sec-Fetch-Site must name this
 *   site when sent;
 * - a rate limit per address on the form's posts (the 429 carries Retry-After).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { counterKey, limit, RateLimited } from '../../../platform/rate.ts';

export const CSRF_COOKIE = 'sandbox_csrf';
/** The form's hidden field that carries the token back. */
export const CSRF_FIELD = 'csrf';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const text = 'text/plain; charset=utf-8';

function cookieToken(req: FastifyRequest): string | undefined {
  const header = req.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === CSRF_COOKIE) {
      const value = rest.join('=');
      return TOKEN.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/** The request came from a page of this site (when the browser says where it came from). */
function sameSite(req: FastifyRequest): boolean {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') return false;
  const origin = req.headers.origin;
  // The app answers Referrer-Policy: no-referrer, under which Chromium sends `Origin: null` with
  // a page's own form post. Sec-Fetch-Site, which that policy does not touch, then vouches for
  // it; an opaque origin with nothing to vouch for it is refused.
  if (origin === 'null') return site === 'same-origin';
  if (typeof origin === 'string') {
    try {
      // Normalised both sides (a default port is dropped from an origin, kept in a Host).
      return new URL(origin).host === new URL(`${req.protocol}://${req.headers.host}`).host;
    } catch {
      return false;
    }
  }
  return true;
}

const sameToken = (a: string | undefined, b: unknown): boolean =>
  typeof a === 'string' &&
  typeof b === 'string' &&
  a.length === b.length &&
  timingSafeEqual(Buffer.from(a), Buffer.from(b));

export interface SandboxFormGuardOptions {
  /** The cookie's Path: the page's path (or the prefix of its paths). */
  path: string;
  /** The rate limit's counter name, and its limit per address. */
  counter: string;
  limit: { max: number; windowMs: number };
  /** What a refused form (no token, another site) is answered (403). */
  refusal: string;
}

export interface SandboxFormGuard {
  /** The form's token: the browser's own if it has one, else a new one; (re)sets the cookie. */
  token(req: FastifyRequest, reply: FastifyReply): string;
  /**
   * Before a form post is acted on: the rate limit, then the site and the token. Answers
   * false when it has already sent the refusal (429 or 403).
   */
  admit(req: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

export function sandboxFormGuard(ctx: AppContext, o: SandboxFormGuardOptions): SandboxFormGuard {
  return {
    token(req, reply) {
      const token = cookieToken(req) ?? randomBytes(32).toString('base64url');
      const secure = req.protocol === 'https' ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${CSRF_COOKIE}=${token}; Path=${o.path}; HttpOnly; SameSite=Strict${secure}`,
      );
      return token;
    },
    async admit(req, reply) {
      if (!ctx.config.limits.off) {
        try {
          await limit(ctx.db, counterKey(o.counter, `a:${req.ip}`), o.limit);
        } catch (err) {
          if (!(err instanceof RateLimited)) throw err;
          await reply
            .code(429)
            .header('retry-after', String(Math.ceil(err.retryAfterMs / 1000)))
            .type(text)
            .send(err.message);
          return false;
        }
      }
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (!sameSite(req) || !sameToken(cookieToken(req), body[CSRF_FIELD])) {
        await reply.code(403).type(text).send(o.refusal);
        return false;
      }
      return true;
    },
  };
}
