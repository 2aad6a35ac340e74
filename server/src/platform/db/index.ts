/**
 * The database: Kysely over better-sqlite3 (default) or pg (DATABASE_URL=postgres://…), one set
 * of migrations run at start, `writeTx` for every write that must be atomic, and `exclusive`
 * for start-up work that any number of processes may attempt at the same moment.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  sql,
  SqliteDialect,
  type Migration,
  type MigrationProvider,
} from 'kysely';
import pg from 'pg';
import { init } from '../../../migrations/0001-init.ts';
import { purchases } from '../../../migrations/0002-purchases.ts';
import { moneyFaults } from '../../../migrations/0003-money-faults.ts';
import { resellerApi } from '../../../migrations/0004-reseller-api.ts';
import { historyAggregates } from '../../../migrations/0005-history-aggregates.ts';
import { transfersAudit } from '../../../migrations/0006-transfers-audit.ts';
import { recipientsAndSearch } from '../../../migrations/0007-recipients-and-search.ts';
import { priceTiers } from '../../../migrations/0008-price-tiers.ts';
import { lagosBusinessDay } from '../../../migrations/0009-lagos-business-day.ts';
import { auditAppendOnly } from '../../../migrations/0010-audit-append-only.ts';
import { secretFingerprints } from '../../../migrations/0011-secret-fingerprints.ts';
import { auditNoReplace } from '../../../migrations/0012-audit-no-replace.ts';
import { scrubShownOnceAnswers } from '../../../migrations/0013-scrub-shown-once-answers.ts';
import { catalogueSync } from '../../../migrations/0014-catalogue-sync.ts';
import { mailPreferences } from '../../../migrations/0015-mail-preferences.ts';
import { adjustments } from '../../../migrations/0016-adjustments.ts';
import { adminRolesTwoFactor } from '../../../migrations/0017-admin-roles-2fa.ts';
import { providerFailover } from '../../../migrations/0018-provider-failover.ts';
import { referralCommissions } from '../../../migrations/0019-referral-commissions.ts';
import { notices } from '../../../migrations/0020-notices.ts';
import { walletLimits } from '../../../migrations/0021-wallet-limits.ts';
import { announcements } from '../../../migrations/0022-announcements.ts';
import { bvnChecks } from '../../../migrations/0024-bvn-checks.ts';
import { providerPlanCodes } from '../../../migrations/0025-provider-plan-codes.ts';
import { bvnOnce } from '../../../migrations/0026-bvn-once.ts';
import { flatSignedInReads } from '../../../migrations/0027-flat-signed-in-reads.ts';
import { sealedCouponCodes } from '../../../migrations/0028-sealed-coupon-codes.ts';
import { sessionTwoFactor } from '../../../migrations/0030-session-two-factor.ts';
import { purchaseDisputes } from '../../../migrations/0031-purchase-disputes.ts';
import { recentRecipientsTable } from '../../../migrations/0032-recent-recipients.ts';
import { failedCardAttemptsTold } from '../../../migrations/0034-failed-card-attempts-told.ts';
import { heldCreditsTold } from '../../../migrations/0035-held-credits-told.ts';
import { findPurchaseByDestination } from '../../../migrations/0037-find-a-purchase-by-destination.ts';
import { smsOutbox } from '../../../migrations/0038-sms-outbox.ts';
import { withdrawals } from '../../../migrations/0040-withdrawals.ts';
import { transactionEvents } from '../../../migrations/0042-transaction-events.ts';
import { smsCostsAndDelivery } from '../../../migrations/0043-sms-costs-and-delivery.ts';
import { pendingDecidedAt24Hours } from '../../../migrations/0041-pending-decided-at-24-hours.ts';
import { messagePreferences } from '../../../migrations/0039-message-preferences.ts';
import { fourEyes } from '../../../migrations/0029-four-eyes.ts';
import { withdrawalReviewRules } from '../../../migrations/0045-withdrawal-review-rules.ts';
import { keyWithdrawals } from '../../../migrations/0046-key-withdrawals.ts';
import { overviewWithdrawalIndexes } from '../../../migrations/0047-overview-withdrawal-indexes.ts';
import { smsCapsAndKnownDevices } from '../../../migrations/0044-sms-caps-and-known-devices.ts';
import type { Engine } from './engine.ts';
import type { Database } from './schema.ts';
import type { SealedCodes } from './sealed-codes.ts';
import { LiteralLimitPlugin, withStatementCache } from './statement-cache.ts';

export type Db = Kysely<Database>;

// bigint (int8) and count(*) come back as strings by default: every value we store fits in
// a double exactly (kobo below 2^53, epoch ms), so parse them to numbers once, here.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export interface DbHandle {
  db: Db;
  engine: Engine;
  /** Runs `fn` in one write transaction (SQLite: BEGIN IMMEDIATE; PostgreSQL: READ COMMITTED). */
  writeTx<T>(fn: (trx: Db) => Promise<T>): Promise<T>;
  /**
   * Runs start-up work (migrations, seeding) while no other process runs its own: PostgreSQL
   * holds a session advisory lock on one connection (released if the process dies); SQLite
   * makes the whole of `fn` one write transaction (BEGIN IMMEDIATE on its one connection, so
   * `writeTx` inside it joins it). Several instances started together wait for each other
   * instead of racing on `CREATE TABLE` or the seed's unique keys.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** pg_advisory_lock key of the start-up section (any constant shared by every instance). */
const STARTUP_LOCK = 7_400_140_001;
/** How long a SQLite start-up waits for another process's start-up before giving up. */
const SQLITE_STARTUP_WAIT_MS = 120_000;

export function migrations(engine: Engine): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return {
        '0001-init': init(engine),
        '0002-purchases': purchases(),
        '0003-money-faults': moneyFaults(),
        '0004-reseller-api': resellerApi(),
        '0005-history-aggregates': historyAggregates(engine),
        '0006-transfers-audit': transfersAudit(),
        '0007-recipients-and-search': recipientsAndSearch(engine),
        '0008-price-tiers': priceTiers(),
        '0009-lagos-business-day': lagosBusinessDay(engine),
        '0010-audit-append-only': auditAppendOnly(engine),
        '0011-secret-fingerprints': secretFingerprints(),
        '0012-audit-no-replace': auditNoReplace(engine),
        '0013-scrub-shown-once-answers': scrubShownOnceAnswers(),
        '0014-catalogue-sync': catalogueSync(),
        '0015-mail-preferences': mailPreferences(),
        '0016-adjustments': adjustments(engine),
        '0017-admin-roles-2fa': adminRolesTwoFactor(),
        '0018-provider-failover': providerFailover(),
        '0019-referral-commissions': referralCommissions(),
        '0020-notices': notices(engine),
        '0021-wallet-limits': walletLimits(engine),
        '0022-announcements': announcements(),
        '0024-bvn-checks': bvnChecks(),
        '0025-provider-plan-codes': providerPlanCodes(),
        '0026-bvn-once': bvnOnce(engine),
        '0027-flat-signed-in-reads': flatSignedInReads(engine),
        '0028-sealed-coupon-codes': sealedCouponCodes(engine),
        '0030-session-two-factor': sessionTwoFactor(),
        '0029-four-eyes': fourEyes(),
        '0031-purchase-disputes': purchaseDisputes(),
        '0032-recent-recipients': recentRecipientsTable(engine),
        '0034-failed-card-attempts-told': failedCardAttemptsTold(engine),
        '0035-held-credits-told': heldCreditsTold(engine),
        '0037-find-a-purchase-by-destination': findPurchaseByDestination(),
        '0038-sms-outbox': smsOutbox(engine),
        '0040-withdrawals': withdrawals(engine),
        '0042-transaction-events': transactionEvents(engine),
        '0041-pending-decided-at-24-hours': pendingDecidedAt24Hours(),
        '0039-message-preferences': messagePreferences(),
        '0045-withdrawal-review-rules': withdrawalReviewRules(engine),
        '0046-key-withdrawals': keyWithdrawals(),
        '0047-overview-withdrawal-indexes': overviewWithdrawalIndexes(),
        '0044-sms-caps-and-known-devices': smsCapsAndKnownDevices(),
        '0043-sms-costs-and-delivery': smsCostsAndDelivery(),
      };
    },
  };
}

/**
 * Migrations renamed after they ran: their old names named the tracker, not what they do. A
 * database that ran them under the old name has its record renamed before migrating, so
 * nothing runs twice and Kysely finds every migration it has run.
 */
export const RENAMED_MIGRATIONS: Readonly<Record<string, string>> = {
  '0004-16r-reseller-api': '0004-reseller-api',
  '0005-issue15-history-aggregates': '0005-history-aggregates',
  '0006-issue16-transfers-audit': '0006-transfers-audit',
  '0007-issue17-recipients-and-search': '0007-recipients-and-search',
  '0008-issue16-price-tiers': '0008-price-tiers',
};

async function renameMigrations(db: Db): Promise<void> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === 'kysely_migration')) return;
  for (const [from, to] of Object.entries(RENAMED_MIGRATIONS)) {
    await sql`update kysely_migration set name = ${to} where name = ${from}`.execute(db);
  }
}

/** Brings the schema up to date (run inside `exclusive`). */
export async function migrate(dbh: DbHandle, options: { to?: string } = {}): Promise<void> {
  await renameMigrations(dbh.db);
  const migrator = new Migrator({
    db: dbh.db,
    provider: migrations(dbh.engine),
    // Migrations written side by side can land out of number order (0039 after 0040–0042): a
    // database that ran the later ones first runs the earlier one when it arrives, rather
    // than refusing to start. Each migration only adds, so their order between them is free.
    allowUnorderedMigrations: true,
  });
  // `to`: stop after that migration (tests of an upgrade from an older schema).
  const { error, results } = options.to
    ? await migrator.migrateTo(options.to)
    : await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `database migration failed${failed ? ` (${failed.migrationName})` : ''}: ${String(error)}`,
    );
  }
}

export interface OpenOptions {
  poolSize?: number;
  /** Migrate while opening (default). `buildApp` migrates and seeds in one `exclusive`. */
  migrate?: boolean;
  /** The coupon-code key (ADR 0071): rows read through this handle have their codes opened. */
  codes?: SealedCodes;
}

export async function openDb(
  engine: Engine,
  url: string,
  options: OpenOptions = {},
): Promise<DbHandle> {
  let db: Db;
  let pool: pg.Pool | undefined;
  let sqlite: SQLite.Database | undefined;
  if (engine === 'postgres') {
    pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
    // An idle client whose server connection drops (a PostgreSQL restart, a failover, an admin
    // terminating it) makes the pool emit 'error'; unheard, that would crash the process. The
    // pool has already discarded that client and the next query opens a new one.
    pool.on('error', (err) => {
      console.warn(`database: an idle connection was closed (${err.message}); it will reconnect`);
    });
    db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      plugins: options.codes ? [options.codes] : [],
    });
  } else {
    if (url !== ':memory:') mkdirSync(path.dirname(url), { recursive: true });
    sqlite = new SQLite(url);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('synchronous = NORMAL');
    db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
      plugins: [new LiteralLimitPlugin(), ...(options.codes ? [options.codes] : [])],
    });
  }

  /** SQLite: inside `exclusive`, the start-up transaction is already open on the connection. */
  let inStartup = false;

  const writeTx = async <T>(fn: (trx: Db) => Promise<T>): Promise<T> => {
    if (engine === 'postgres') return db.transaction().execute(fn);
    if (inStartup) return fn(db);
    // Kysely's SQLite dialect has one connection: holding it serialises writers in this
    // process; IMMEDIATE takes the write lock up front so other processes wait (busy_timeout)
    // instead of failing a deferred upgrade.
    return db.connection().execute(async (conn) => {
      await sql`begin immediate`.execute(conn);
      try {
        const result = await fn(conn);
        await sql`commit`.execute(conn);
        return result;
      } catch (err) {
        await sql`rollback`.execute(conn);
        throw err;
      }
    });
  };

  const exclusive = async <T>(fn: () => Promise<T>): Promise<T> => {
    if (pool) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
        try {
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]);
        }
      } finally {
        client.release();
      }
    }
    // SQLite: BEGIN IMMEDIATE straight on the handle Kysely wraps (holding Kysely's one
    // connection here would deadlock `fn`'s own queries). busy_timeout waits 5 s per try.
    const raw = sqlite!;
    const deadline = Date.now() + SQLITE_STARTUP_WAIT_MS;
    for (;;) {
      try {
        raw.exec('begin immediate');
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw err;
      }
    }
    inStartup = true;
    try {
      const result = await fn();
      raw.exec('commit');
      return result;
    } catch (err) {
      if (raw.inTransaction) raw.exec('rollback');
      throw err;
    } finally {
      inStartup = false;
    }
  };

  const dbh: DbHandle = { db, engine, writeTx, exclusive, close: () => db.destroy() };
  if (options.migrate ?? true) {
    try {
      await exclusive(() => migrate(dbh));
    } catch (err) {
      await db.destroy();
      throw err;
    }
  }
  return dbh;
}
