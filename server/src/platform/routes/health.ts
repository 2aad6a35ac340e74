/**
 * For load balancers, orchestrators and Prometheus (ADR 0049), outside `/api`
 * and the contract: no sign-in, no rate limit (each limit check is a database write, dearer
 * than what it would guard), logged at debug only (logging.ts `accessLevel`).
 * - `GET /healthz`: the process is up and serving. Nothing else is asked: a database outage
 *   must not make an orchestrator restart every instance.
 * - `GET /readyz`: worth sending traffic to: the database answers, the migrations this build
 *   knows are applied, and the server is not shutting down; else 503 naming the check.
 * - `GET /metrics`: Prometheus text. Open in sandbox mode; with METRICS_TOKEN set, only with
 *   `Authorization: Bearer <token>`; in live mode without one, not served (404).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { DEFAULT_MIGRATION_TABLE, sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { migrations } from '../db/index.ts';

export const HEALTH_PATHS = { health: '/healthz', ready: '/readyz', metrics: '/metrics' } as const;

/** A readiness check that hangs (a database that accepts but never answers) fails after this. */
const READY_TIMEOUT_MS = 3_000;
/** Longer than any real token (METRICS_TOKEN is 32 to 256 characters): refused unread. */
const MAX_AUTHORIZATION = 300;

/** `skipped`: not asked, since an earlier answer already said no (shutting down, no database). */
type Check = 'ok' | 'failed' | 'skipped';

export interface Readiness {
  status: 'ok' | 'unavailable';
  checks: { database: Check; migrations: Check; shutdown: Check };
}

/** Equal lengths for timingSafeEqual, whatever was sent: compare digests, not the strings. */
const digest = (text: string) => createHash('sha256').update(text).digest();

/** `Authorization: Bearer <token>` against METRICS_TOKEN, in time independent of the guess. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  if (!header || header.length > MAX_AUTHORIZATION) return false;
  const match = /^Bearer +(\S+)$/i.exec(header.trim());
  if (!match) return false;
  return timingSafeEqual(digest(match[1] as string), digest(token));
}

/**
 * Runs `fn` once for any number of callers at the same time: a burst of probes or scrapes
 * costs one database round, not one each.
 */
function singleFlight<T>(fn: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () => {
    running ??= fn().finally(() => {
      running = undefined;
    });
    return running;
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function healthRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  state: { closing(): boolean },
): void {
  // The newest migration this build ships: present in the table once `migrate` has run it.
  // Newer ones (an instance of a later version migrated first) do not make this one unready.
  const latest = migrations(ctx.dbh.engine)
    .getMigrations()
    .then((all) => Object.keys(all).sort().at(-1) ?? '');

  const checkDatabase = singleFlight(
    async (): Promise<Pick<Readiness['checks'], 'database' | 'migrations'>> => {
      const name = await latest;
      try {
        // One primary-key lookup answers both: the database is reachable, and it is migrated.
        const row = await withTimeout(
          sql<{
            name: string;
          }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)} where name = ${name}`.execute(
            ctx.db,
          ),
          READY_TIMEOUT_MS,
        );
        return { database: 'ok', migrations: row.rows.length === 1 ? 'ok' : 'failed' };
      } catch (err) {
        ctx.log.warn({ err: (err as Error).message }, 'readiness: the database did not answer');
        // Whether it is migrated cannot be told without it.
        return { database: 'failed', migrations: 'skipped' };
      }
    },
  );

  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  app.get(HEALTH_PATHS.health, async (_req, reply) => {
    noStore(reply);
    return { status: 'ok' };
  });

  app.get(HEALTH_PATHS.ready, async (_req, reply): Promise<Readiness> => {
    noStore(reply);
    // Shutting down: no database round, the answer is already no.
    const shutdown: Check = state.closing() ? 'failed' : 'ok';
    const db: Pick<Readiness['checks'], 'database' | 'migrations'> =
      shutdown === 'failed'
        ? { database: 'skipped', migrations: 'skipped' }
        : await checkDatabase();
    const checks = { ...db, shutdown };
    const ready = Object.values(checks).every((c) => c === 'ok');
    reply.code(ready ? 200 : 503);
    return { status: ready ? 'ok' : 'unavailable', checks };
  });

  const scrape = singleFlight(() => ctx.metrics.registry.metrics());
  app.get(HEALTH_PATHS.metrics, async (req, reply) => {
    noStore(reply);
    const token = ctx.config.metricsToken;
    if (!token && ctx.mode === 'live') {
      // Live money and no token: the metrics (floats, volumes) are nobody's business.
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    if (token && !bearerMatches(req.headers.authorization, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .type('text/plain; charset=utf-8')
        .send('Unauthorized');
    }
    const text = await scrape();
    return reply.type(ctx.metrics.registry.contentType).send(text);
  });
}
