/**
 * `npm run reconcile` (ADR 0017; README "Reconciliation"): checks the database the server
 * uses (same DATABASE_URL / DATA_DIR and provider settings) and prints a report: the ledger's
 * invariants, purchases pending longer than PENDING_ALERT_HOURS, recent card payments whose
 * provider state disagrees with ours, open disputed purchases (ADR 0073). Read-only; safe
 * while servers run.
 *
 * Exit code: 0 all good, 1 something to look at, 2 could not check. `--json` prints the
 * report as the admin API answers it (naira), for scripts and monitoring.
 */
import { existsSync } from 'node:fs';
import {
  api,
  DISPUTE_OURS_LABEL,
  PAYMENT_MISMATCHES,
  toNaira,
  type Reconciliation,
} from '@contract';
import { z } from 'zod';
import { loadConfig } from './config.ts';
import { openDb } from './platform/db/index.ts';
import { loadProviders } from './providers/load.ts';
import { reconcile } from './admin/reconciliation.ts';

const naira = (kobo: number) =>
  `NGN ${toNaira(kobo).toLocaleString('en-NG', { minimumFractionDigits: 2 })}`;
const when = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

function formatReport(r: Reconciliation): string {
  const lines = [`PayBills reconciliation, ${when(r.checked_at)}`, ''];
  lines.push(
    r.ledger.length === 0
      ? 'Ledger: OK (every movement sums to zero, balances equal their entries, no negative wallet)'
      : `Ledger: ${r.ledger.length} problem(s)`,
  );
  for (const p of r.ledger) lines.push(`  - ${p}`);
  lines.push(
    `Purchases pending over ${r.pending_alert_hours} h: ${r.stale_purchases.length === 0 ? 'none' : r.stale_purchases.length}`,
  );
  for (const t of r.stale_purchases) {
    lines.push(
      `  - ${t.transaction_id} ${t.product} ${naira(t.amount)} for ${t.user}, since ${when(t.created_at)}` +
        ` via ${t.provider ?? '?'} (${t.requery_attempts} requeries${t.flagged ? ', flagged' : ''})`,
    );
  }
  lines.push(
    `Card payments of the last ${r.payments_days} days: ${r.payments_checked} checked, ` +
      `${r.payments_unchecked} not confirmed by the provider, ` +
      `${r.payment_mismatches.length} disagree`,
  );
  for (const p of r.payment_mismatches) {
    lines.push(
      `  - ${p.t_id} ${naira(p.amount)} for ${p.user}: ours ${p.ours}, provider ${p.provider}. ` +
        PAYMENT_MISMATCHES[p.problem],
    );
  }
  lines.push(
    `Bank transfers: ${r.held_transfers} held for an admin (Unmatched transfers page), ` +
      `${r.transfer_problems.length === 0 ? 'credits match' : `${r.transfer_problems.length} problem(s)`}`,
  );
  for (const p of r.transfer_problems) lines.push(`  - ${p}`);
  const payouts = r.withdrawal_problems ?? [];
  lines.push(
    `Withdrawals to banks: ${payouts.length === 0 ? 'every payout matches one withdrawal' : `${payouts.length} problem(s)`}`,
  );
  for (const p of payouts) lines.push(`  - ${p}`);
  lines.push(
    `Disputed purchases (the provider against our settlement; an owner resolves them on the ` +
      `Pending purchases page): ${r.open_disputes.length === 0 ? 'none' : r.open_disputes.length}`,
  );
  for (const d of r.open_disputes) {
    lines.push(
      `  - ${d.transaction_id} ${d.product} ${naira(d.amount)} for ${d.user}: ours ` +
        `${DISPUTE_OURS_LABEL[d.ours].toLowerCase()}, provider says ${d.provider_says}` +
        `${d.provider_code ? ` (${d.provider_code})` : ''}, since ${when(d.seen_at)}`,
    );
  }
  lines.push('', r.ok ? 'Result: all good.' : 'Result: DISCREPANCIES FOUND (see above).');
  return lines.join('\n');
}

async function main(): Promise<number> {
  // The JWT and pin keys are not needed here: never generate one as a side effect.
  const config = loadConfig(process.env, {
    jwtSecret: 'not-used-by-reconcile',
    pinSecret: 'not-used-by-reconcile',
  });
  if (config.engine === 'sqlite' && !existsSync(config.databaseUrl)) {
    console.error(
      `reconcile: no database at ${config.databaseUrl} (set DATABASE_URL or DATA_DIR).`,
    );
    return 2;
  }
  const dbh = await openDb(config.engine, config.databaseUrl, { migrate: false, poolSize: 4 });
  try {
    const report = await reconcile({
      db: dbh.db,
      providers: loadProviders(config, dbh.db),
      config,
    });
    if (process.argv.includes('--json')) {
      const wire = z.encode(api.reconciliation.response, { message: report });
      console.log(JSON.stringify(wire.message, null, 2));
    } else {
      console.log(formatReport(report));
    }
    return report.ok ? 0 : 1;
  } finally {
    await dbh.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(
      `reconcile: could not check: ${err instanceof Error ? err.message : String(err)}`,
    );
    process.exit(2);
  },
);
