/**
 * Builds the Fastify app without listening (fastify/demo): plugins, the contract's routes, the
 * built web app with SPA fallback, and the error and not-found answers. `server.ts` listens.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import helmet, { type HelmetOptions } from 'helmet';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import { MSG, SERVER_MSG } from '@contract';
import { isPagePath } from '@contract/web-routes';
import { parseCapacity, settledInBackground } from './platform/capacity.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { migrate, openDb } from './platform/db/index.ts';
import { SealedCodes } from './platform/db/sealed-codes.ts';
import {
  configRefusals,
  databaseRefusals,
  modeOf,
  secretRefusals,
  StartRefused,
} from './deployment.ts';
import { createPinHasher } from './accounts/pins.ts';
import { createHasher } from './platform/secrets.ts';
import { purgeIdempotencyKeys } from './platform/http/idempotency.ts';
import { loadProviders, type ProviderSet } from './providers/load.ts';
import { adminRoutes } from './admin/routes/admin.ts';
import { announcementRoutes } from './growth/routes/announcements.ts';
import { authRoutes } from './accounts/routes/auth.ts';
import { couponRoutes } from './purchases/routes/coupons.ts';
import { paymentRoutes } from './funding/routes/payment.ts';
import { providerWebhookRoutes } from './purchases/routes/vtpass-callback.ts';
import { devRoutes, devSmsRoutes } from './notifications/routes/dev.ts';
import { startSmsWorker } from './notifications/sms.ts';
import { startSmsDeliveryWorker } from './notifications/sms-delivery.ts';
import { publicRoutes } from './purchases/routes/catalogue.ts';
import { referralRoutes } from './growth/routes/referrals.ts';
import { resellerRoutes } from './reseller/routes/reseller.ts';
import { transactionRoutes } from './purchases/routes/transactions.ts';
import { userRoutes } from './accounts/routes/user.ts';
import { withdrawalRoutes } from './payouts/routes/withdrawals.ts';
import { startWithdrawalRequeryWorker } from './payouts/withdrawals.ts';
import { sandboxBvnConsentRoutes } from './providers/routes/sandbox/bvn-consent.ts';
import { sandboxCheckoutRoutes } from './providers/routes/sandbox/checkout.ts';
import { sandboxProviderRoutes } from './providers/routes/sandbox/providers.ts';
import { sandboxTransferRoutes } from './providers/routes/sandbox/transfer.ts';
import { pendingAlertMs, startRequeryWorker } from './purchases/requery.ts';
import { createMailer, purgeMailBodies } from './notifications/mail.ts';
import { startTransferPollWorker } from './funding/transfers.ts';
import { startCatalogueSync } from './purchases/catalogue-sync.ts';
import { failoverSettings, startFloatWatch } from './providers/failover.ts';
import { startWebhookWorker } from './reseller/webhooks.ts';
import { startAnnouncementMailWorker } from './growth/announcements.ts';
import { startHeldReleaseWorker } from './accounts/verification.ts';
import { purgeCounters } from './platform/rate.ts';
import { seed, type SeedResult } from './seed.ts';
import { accessLevel, logFormat, prettyStream } from './platform/logging.ts';
import { createMetrics, UNMATCHED_ROUTE } from './platform/metrics.ts';
import { healthRoutes } from './platform/routes/health.ts';
import { createTokenService } from './accounts/tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    seedResult: SeedResult;
  }
}

/** Logged fields that must never reach the logs (decisions §7). Bodies are not logged at all. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers["x-refresh-token"]',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'headers.authorization',
  'headers["x-refresh-token"]',
  'headers.cookie',
  'headers["x-api-key"]',
  'body.password',
  'body.pin',
  'body.old_password',
  'body.new_password',
  'body.token',
  'body.refresh_token',
];

/**
 * A request path as the access log shows it: the token of an e-mailed link
 * (`/auth/verifyemail/<token>`, `/auth/resetpassword/<token>`) and any `token`-like query
 * value are replaced, so a log reader cannot use them (ADR 0015).
 */
export function loggedUrl(url: string): string {
  return url
    .replace(/^(\/auth\/(?:verifyemail|resetpassword)\/)[^/?#]+/i, '$1[redacted]')
    .replace(/([?&][^=&#]*(?:token|secret|password|pin)[^=&#]*=)[^&#]*/gi, '$1[redacted]');
}

/**
 * pino options: redaction on, request bodies never logged (Fastify does not log them). Without
 * a stream: short lines in a terminal, JSON elsewhere or with LOG_FORMAT=json (logging.ts).
 */
export function loggerOptions(stream?: { write(line: string): void }) {
  const out = stream ?? (logFormat() === 'pretty' ? prettyStream() : undefined);
  return {
    level: process.env.LOG_LEVEL || 'info',
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req(req: {
        method: string;
        url: string;
        host?: string;
        ip?: string;
        socket?: { remotePort?: number };
      }) {
        return {
          method: req.method,
          url: loggedUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        };
      },
    },
    ...(out ? { stream: out } : {}),
  };
}

export interface BuildOptions {
  config: Config;
  /** Fastify logger options (default: pino at info, or off in tests). */
  logger?: FastifyServerOptions['logger'];
  providers?: ProviderSet;
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(),
    // One line per request, written below once it is answered (not "incoming" + "completed").
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 64 * 1024,
    // A malformed or over-long path segment is bad input too: 400 `{ type, msg }`, like the
    // contract's own refusals, not Fastify's 414 body.
    frameworkErrors: (_err, _req, reply) =>
      void (reply as FastifyReply)
        .code(400)
        .send({ type: 'validation_error', msg: MSG.inputsInvalid }),
    // The proxies' addresses, or a hop count (the nearest n hops are trusted proxies: only
    // safe when the server cannot be reached but through them), never "trust everything".
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
  });

  // The access log: API calls at info, pages and static files at debug; the URL
  // with e-mailed link tokens and token-like query values redacted (loggedUrl).
  app.addHook('onResponse', (req, reply, done) => {
    req.log[accessLevel(req.url)]({
      method: req.method,
      url: loggedUrl(req.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    });
    // By the route's pattern: a raw URL (ids, tokens) would make a series per request.
    metrics.http(
      req.method,
      req.routeOptions.url ?? UNMATCHED_ROUTE,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  // JSON bodies: an empty body is "no body" (logout, for instance); bad JSON is a 400.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const err = new Error('bad json') as Error & { statusCode: number };
      err.statusCode = 400;
      done(err, undefined);
    }
  });
  await app.register(formbody);
  // helmet's headers on every answer, worked out once (securityHeaders).
  const security = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and React set style attributes; no stylesheet comes from another host.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The app may be served over plain http on a LAN: no forced upgrade, no HSTS by default;
    // HSTS once the public address is https (always so in live mode, ADR 0014).
    strictTransportSecurity: config.production || config.publicUrl.startsWith('https://'),
  });
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(security);
    done();
  });

  // A bad PENDING_ALERT_HOURS stops the start with its message (the worker reads it again).
  pendingAlertMs(config.env);
  // So do bad breaker or float-poll settings (ADR 0052).
  const { floatPollMs } = failoverSettings(config.env);
  // So do DATABASE_POOL_SIZE and PURCHASE_CONCURRENCY (ADR 0060).
  const { databasePoolSize } = parseCapacity(config.env);
  // Migrated and seeded below, in one start-up section shared with any other instance.
  // Coupon codes are sealed at rest and opened as this handle reads them (ADR 0071).
  const dbh = await openDb(config.engine, config.databaseUrl, {
    migrate: false,
    poolSize: databasePoolSize,
    codes: new SealedCodes(config.pinSecret),
  });
  // Before the providers: each adapter call is timed into this app's registry (ADR 0049).
  const metrics = createMetrics(() => dbh.db);
  const providers = options.providers ?? loadProviders(config, dbh.db, metrics.providerCall);
  const mode = modeOf(config, providers);
  const ctx: AppContext = {
    config,
    mode,
    dbh,
    db: dbh.db,
    hasher: createHasher(config.argon2Fast),
    pins: createPinHasher(config.pinSecret),
    tokens: createTokenService(config.jwtSecret),
    mailer: undefined as never,
    providers,
    metrics,
    log: app.log,
  };
  ctx.mailer = createMailer(dbh, config, app.log);
  app.decorate('ctx', ctx);
  // The simulators' callbacks (VTpass transaction-update, Flutterwave webhooks) reach the
  // app's own webhook routes as the providers' would (ADR 0043).
  providers.simulators.connect(async (url, body, headers) => {
    const res = await app.inject({ method: 'POST', url, headers, payload: JSON.stringify(body) });
    return res.statusCode;
  });

  app.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
    const status = err.statusCode ?? 500;
    if (status < 500) {
      // Malformed JSON, oversize body, unsupported media type…: bad input is a 400, never 5xx.
      return reply.code(400).send({ type: 'validation_error', msg: MSG.inputsInvalid });
    }
    req.log.error({ err }, 'request failed');
    return reply.code(500).send({ type: 'server_error', msg: SERVER_MSG.serverError });
  });

  authRoutes(app, ctx);
  userRoutes(app, ctx);
  withdrawalRoutes(app, ctx);
  transactionRoutes(app, ctx);
  publicRoutes(app, ctx);
  paymentRoutes(app, ctx);
  providerWebhookRoutes(app, ctx);
  couponRoutes(app, ctx);
  adminRoutes(app, ctx);
  announcementRoutes(app, ctx);
  referralRoutes(app, ctx);
  resellerRoutes(app, ctx);
  sandboxCheckoutRoutes(app, ctx);
  sandboxBvnConsentRoutes(app, ctx);
  sandboxTransferRoutes(app, ctx);
  // The provider switch page: sandbox mode only (ADR 0052).
  sandboxProviderRoutes(app, ctx);
  // The dev mailbox only where no mail leaves the machine and no real money moves (ADR 0014).
  if (mode === 'sandbox' && !config.smtpUrl) devRoutes(app, ctx);
  // The dev SMS outbox: only where every SMS goes to the Termii simulator (ADR 0079).
  if (mode === 'sandbox') devSmsRoutes(app, ctx);

  const webDir = config.webDir;
  const indexHtml = webDir ? path.join(webDir, 'index.html') : undefined;
  if (webDir && indexHtml && existsSync(indexHtml)) {
    // preCompressed: the build's .br / .gz copies (scripts/precompress.mjs) go to browsers
    // that accept them.
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      preCompressed: true,
    });
    // Vite names every asset by its content hash: a browser may keep it for good. Pages are
    // revalidated (max-age=0, ETag), so a new build shows at once.
    app.addHook('onSend', async (req, reply) => {
      if (req.url.startsWith('/assets/') && reply.statusCode === 200) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      }
    });
    // The public pages prerendered at build time (landing, FAQ, privacy: decision 0012) are
    // sent as they are; every other path gets the browser app below.
    for (const page of listedFiles<{ path: string; file: string }>(
      webDir,
      STATIC_PAGES_DIR,
      'pages.json',
    )) {
      app.get(page.path, (_req, reply) =>
        reply.type('text/html; charset=utf-8').sendFile(`${STATIC_PAGES_DIR}/${page.file}`),
      );
    }
  }

  const appShells = webDir
    ? listedFiles<{ prefix: string; file: string }>(webDir, APP_SHELLS_DIR, 'shells.json')
    : [];
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    if (url === '/api' || url.startsWith('/api/')) {
      return reply.code(404).send({ type: 'not_found', msg: SERVER_MSG.notFound });
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && indexHtml && existsSync(indexHtml)) {
      // SPA fallback: a page of the app (the route table the browser's router uses too) gets
      // the app's document, a dashboard or auth page with its area's code preloaded
      // (scripts/app-shells.mjs). Any other path is missing for monitors and crawlers (404),
      // and the same document draws the "Page not found" screen (ADR 0037).
      if (!isPagePath(url)) {
        return reply.code(404).type('text/html; charset=utf-8').sendFile('index.html');
      }
      const shell = appShells.find((s) => url.startsWith(s.prefix));
      return reply
        .type('text/html; charset=utf-8')
        .sendFile(shell ? `${APP_SHELLS_DIR}/${shell.file}` : 'index.html');
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });

  let seedResult: SeedResult = { createdUsers: false };
  try {
    await dbh.exclusive(async () => {
      // Sandbox or live (ADR 0014): a live start with anything of the sandbox left, or on a
      // database that ran in sandbox mode, is refused before anything is served or seeded.
      // In either mode, so is an instance whose keys are not the database's (ADR 0036); only
      // a start that goes ahead records its keys as the database's.
      const refusals = configRefusals(config, providers);
      if (refusals.length === 0) {
        await migrate(dbh);
        refusals.push(...(await databaseRefusals(dbh.db, mode)));
        const record = refusals.length === 0;
        refusals.push(...(await secretRefusals(dbh.db, config, { record })));
      }
      if (refusals.length) throw new StartRefused(refusals, mode);
      if (config.seed) seedResult = await seed(ctx);
    });
  } catch (err) {
    await dbh.close();
    await app.close();
    throw err;
  }
  app.decorate('seedResult', seedResult);

  let maintenance: NodeJS.Timeout | undefined;
  let stopRequery: (() => Promise<void>) | undefined;
  let stopWebhooks: (() => Promise<void>) | undefined;
  let stopTransferPoll: (() => Promise<void>) | undefined;
  let stopAnnouncementMail: (() => Promise<void>) | undefined;
  let stopHeldRelease: (() => Promise<void>) | undefined;
  let stopSms: (() => Promise<void>) | undefined;
  let stopSmsDelivery: (() => Promise<void>) | undefined;
  let stopWithdrawals: (() => Promise<void>) | undefined;
  // The catalogue from the providers (ADR 0044): at start, in the background, then on the
  // schedule; a provider that is down only leaves its plans as they were. With the other
  // workers: an app built without them (tests, tools) calls no provider by itself.
  const stopCatalogueSync =
    config.workers && config.catalogueSyncMs > 0
      ? startCatalogueSync(ctx, config.catalogueSyncMs)
      : undefined;
  // Floats polled against their alert thresholds (ADR 0052), with the other workers.
  const stopFloatWatch =
    config.workers && floatPollMs > 0 ? startFloatWatch(ctx, floatPollMs) : undefined;
  if (config.workers) {
    ctx.mailer.start();
    // Pending purchases (including any a crash left) are requeried until they resolve.
    stopRequery = startRequeryWorker(ctx);
    // Reseller webhooks: queued with each status change, sent and retried for a day.
    stopWebhooks = startWebhookWorker(ctx);
    // Bank transfers whose webhook never came or could not be confirmed (ADR 0039).
    stopTransferPoll = startTransferPollWorker(ctx);
    // Announcement e-mails into the outbox, a batch per pass (ADR 0059).
    stopAnnouncementMail = startAnnouncementMailWorker(ctx);
    // Credits held past a day's funding limit, tried again when a new Lagos day starts (ADR 0058).
    stopHeldRelease = startHeldReleaseWorker(ctx);
    // SMS from their outbox through Termii (or its simulator), retried on 5xx (ADR 0079).
    stopSms = startSmsWorker(ctx);
    // Termii's delivery reports for the SMS it took (ADR 0086).
    stopSmsDelivery = startSmsDeliveryWorker(ctx);
    // Withdrawals not yet final, and any a crash left debited but unsent (ADR 0084).
    stopWithdrawals = startWithdrawalRequeryWorker(ctx);
    maintenance = setInterval(() => {
      const warn = (what: string) => (err: Error) =>
        app.log.warn({ err: err.message }, `${what} purge failed`);
      purgeIdempotencyKeys(ctx).catch(warn('idempotency'));
      purgeCounters(ctx.db).catch(warn('rate counter'));
      purgeMailBodies(ctx.db).catch(warn('mail body'));
    }, 60 * 60_000);
    maintenance.unref();
  }
  // Shutting down (server.ts): answers still on their way out close their connection, so a
  // keep-alive client does not hold the process open once its request is done.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  // Health, readiness and metrics (ADR 0049): readiness says no from the first moment of a
  // shutdown.
  healthRoutes(app, ctx, { closing: () => closing });
  app.addHook('onClose', async () => {
    if (maintenance) clearInterval(maintenance);
    // Every worker is told at once to stop, so none goes on asking slow providers while
    // another drains (worker.ts): the shutdown lasts as long as the slowest one call, within
    // the drain time (ADR 0017). Purchases answered pending whose provider call is still out
    // (ADR 0075) settle meanwhile.
    await Promise.all([
      settledInBackground(config),
      stopRequery?.(),
      stopWebhooks?.(),
      stopTransferPoll?.(),
      stopAnnouncementMail?.(),
      stopHeldRelease?.(),
      stopSms?.(),
      stopSmsDelivery?.(),
      stopWithdrawals?.(),
      stopCatalogueSync?.(),
      stopFloatWatch?.(),
    ]);
    await providers.simulators.close();
    await ctx.mailer.stop();
    await dbh.close();
  });
  return app;
}

/**
 * The headers helmet sets with `options`, worked out once (ADR 0028): `@fastify/helmet` built
 * helmet's middleware again on every request, parsing the CSP each time. Every directive here
 * is a constant string (no nonces, no functions of the request), so the headers are too.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: unknown) {
      headers[name] = String(value);
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

const STATIC_PAGES_DIR = 'static-pages';
const APP_SHELLS_DIR = 'app-shells';

/**
 * The files a build step listed in `<dir>/<list>`: the prerendered pages
 * (scripts/prerender.mjs, pages.json: { path, file }) or the app shells
 * (scripts/app-shells.mjs, shells.json: { prefix, file }). Entries whose file is missing are
 * left out.
 */
function listedFiles<T extends { file: string }>(webDir: string, dir: string, list: string): T[] {
  const listPath = path.join(webDir, dir, list);
  if (!existsSync(listPath)) return [];
  const entries = JSON.parse(readFileSync(listPath, 'utf8')) as T[];
  return entries.filter((e) => existsSync(path.join(webDir, dir, e.file)));
}
