/**
 * Four eyes on every admin action that moves money (ADR 0070):
 * - `four_eyes_settings`: the owner-set daily totals of instant actions (one row, id 1);
 * - `instant_totals`: what each admin (`maker`) and each customer (`customer`) has moved by
 *   instant admin actions in a Lagos day, raised by one guarded UPDATE per action so that
 *   parallel actions never pass the total;
 * - `approvals`: the actions other than adjustments (a held transfer's assignment, a
 *   reversal, a level or limit change) that wait for a second admin; one pending per target;
 * - `adjustments.wait_reason`: why a pending adjustment waits (null for older rows).
 */
import { sql, type Kysely, type Migration } from 'kysely';

export function fourEyes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('four_eyes_settings')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('maker_daily', 'bigint', (c) => c.notNull())
        .addColumn('customer_daily', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('four_eyes_settings_one_row', sql`id = 1`)
        .addCheckConstraint(
          'four_eyes_settings_totals',
          sql`maker_daily >= 0 and customer_daily >= 0`,
        )
        .execute();

      await db.schema
        .createTable('instant_totals')
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('scope', 'varchar(8)', (c) => c.notNull())
        .addColumn('subject_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('total', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('instant_totals_pk', ['day', 'scope', 'subject_id'])
        .addCheckConstraint('instant_totals_scope', sql`scope in ('maker','customer')`)
        .addCheckConstraint('instant_totals_total', sql`total >= 0`)
        .execute();

      await db.schema
        .createTable('approvals')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('kind', 'varchar(32)', (c) => c.notNull())
        .addColumn('target_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(40)', (c) => c.references('users.id'))
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('summary', 'varchar(300)', (c) => c.notNull())
        .addColumn('why', 'varchar(32)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('maker_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('maker_email', 'varchar(254)', (c) => c.notNull())
        .addColumn('checker_id', 'varchar(40)')
        .addColumn('checker_email', 'varchar(254)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('decided_at', 'bigint')
        .addCheckConstraint(
          'approvals_kind',
          sql`kind in ('transfer.assign','transaction.reverse','verification.level','verification.limits')`,
        )
        .addCheckConstraint('approvals_status', sql`status in ('pending','approved','rejected')`)
        .addCheckConstraint('approvals_amount', sql`amount >= 0`)
        .execute();
      // One waiting request per thing: a second click answers "already waits".
      await sql`create unique index approvals_one_pending on approvals (kind, target_id) where status = 'pending'`.execute(
        db,
      );
      await db.schema
        .createIndex('approvals_status_created')
        .on('approvals')
        .columns(['status', 'created_at'])
        .execute();

      await db.schema.alterTable('adjustments').addColumn('wait_reason', 'varchar(32)').execute();
    },
  };
}
