/**
 * Listens: `node --import tsx server/src/server.ts` (npm start runs it). Graceful shutdown on
 * SIGINT/SIGTERM: stop accepting, finish the requests in flight, stop the workers, close the
 * DB, exit; a second signal exits at once.
 */
import { buildApp } from './app.ts';
import { parseCapacity } from './platform/capacity.ts';
import { describeProviders } from './providers/load.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_PIN, loadConfig } from './config.ts';
import { describeMode, probeProviders, StartRefused } from './deployment.ts';

async function main() {
  const config = loadConfig();
  const app = await buildApp({ config });
  // After the configuration refusals (buildApp), before listening: a live start asks each
  // configured provider for its balance, so bad keys or a wrong host stop it here, one line
  // per provider, instead of failing every purchase (ADR 0042).
  const probe = app.ctx.mode === 'live' ? await probeProviders(app.ctx.providers) : undefined;
  if (probe?.refusals.length) {
    await app.close();
    throw new StartRefused(probe.refusals, 'live');
  }
  // Sandbox: the adapters reach the provider simulators over the loopback, as they would
  // reach VTpass and Flutterwave (ADR 0043); never on a public interface.
  const { listenBacklog: backlog } = parseCapacity(config.env);
  const simulators =
    app.ctx.mode === 'sandbox' ? await app.ctx.providers.simulators.listen(backlog) : undefined;
  await app.listen({ host: config.host, port: config.port, backlog });
  const url = `http://${config.host}:${config.port}/`;
  const where = config.engine === 'sqlite' ? config.databaseUrl : 'PostgreSQL (DATABASE_URL)';
  const sandbox = app.ctx.mode === 'sandbox';
  const lines = [
    '',
    `  PayBills: ${url}`,
    `  ${describeMode(app.ctx.mode)}`,
    `  Database: ${config.engine} ${where}`,
    `  ${describeProviders(app.ctx.providers).split('\n').join('\n  ')}`,
    ...(simulators
      ? [`  Provider simulators (VTpass, Flutterwave): ${simulators} (loopback only)`]
      : []),
    ...(probe?.answered.length ? [`  Start check: ${probe.answered.join(', ')} answered.`] : []),
    `  E-mail: ${config.smtpUrl ? 'SMTP (SMTP_URL)' : `dev mailbox at ${url}dev/mailbox`}`,
  ];
  if (!config.webDir) lines.push('  Web app: dist/ not built (API only; run `npm start`).');
  if (!config.limits.off) {
    lines.push('  Rate limits: on (in the database, shared by every instance).');
  } else {
    lines.push('  Rate limits: OFF (RATE_LIMITS=off, sandbox benchmarks only).');
  }
  if (app.seedResult.createdUsers) {
    lines.push(
      '',
      '  First start: accounts created',
      `    admin: ${config.adminEmail} / ${config.adminPasswordIsDefault ? config.adminPassword : '(ADMIN_PASSWORD)'}`,
    );
    if (sandbox) {
      lines.push(
        `    demo customer: ${DEMO_EMAIL} / ${DEMO_PASSWORD} (pin ${DEMO_PIN}, ₦50,000 in the wallet, sandbox only)`,
      );
    }
  }
  lines.push('', '  Press Ctrl+C to stop.', '');
  console.log(lines.join('\n'));
  // A provider that is down at start (5xx, timeout) is not a reason to stop the others.
  for (const warning of probe?.warnings ?? []) console.error(`WARNING: ${warning}`);

  // Graceful shutdown (ADR 0017). The first SIGTERM/SIGINT stops accepting connections and
  // waits for the requests in flight: a purchase's debit is committed before its provider
  // call, so each ends in a recorded state (settled, or pending for the requery). Then the
  // workers stop (the requery pass in progress finishes), the database closes, and the process
  // exits. It waits at most the provider timeout plus 5 s; a second signal exits at once.
  let stopping = false;
  const graceMs = app.ctx.providers.config.PROVIDER_TIMEOUT_MS + 5_000;
  const stop = async (signal: string) => {
    if (stopping) {
      console.log(`${signal} received again: exiting now.`);
      process.exit(1);
    }
    stopping = true;
    console.log(`\n${signal} received: shutting down (finishing requests in flight).`);
    setTimeout(() => {
      console.error(`shutdown took over ${graceMs} ms: exiting.`);
      process.exit(1);
    }, graceMs).unref();
    try {
      await app.close();
      console.log('Stopped.');
      process.exit(0);
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof StartRefused) {
    // Live mode (real providers or NODE_ENV=production) with something of the sandbox left,
    // or (either mode) keys that are not the database's: one line per setting to fix
    // (ADR 0014, 0036).
    const live = err.mode === 'live';
    console.error(
      [
        live
          ? 'PayBills refused to start in live mode (real provider keys or NODE_ENV=production):'
          : 'PayBills refused to start:',
        ...err.lines.map((line) => `  - ${line}`),
        ...(live ? ['See README "Going live".'] : []),
      ].join('\n'),
    );
    process.exit(1);
  }
  console.error(`server failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
