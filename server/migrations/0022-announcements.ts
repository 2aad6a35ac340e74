/**
 * Admin announcements (ADR 0059).
 *
 * - `announcements`: the text, severity, window (epoch ms, end exclusive) and audience (a price
 *   tier, or null for every customer); `email` asks for the audience to be mailed, and
 *   `mail_done` is set once every customer of the audience has been, so the worker stops
 *   looking. Ending one early moves `ends_at` to that moment: the status follows the window
 *   (a scheduled one ended before its start has its end before its start, and never shows,
 *   so the window is checked by the contract, not by a CHECK here).
 * - `announcement_dismissals`: one row per customer who closed the banner (every device).
 * - `announcement_mails`: one row per customer mailed, inserted in the transaction that queues
 *   the mail; its key is what makes the mail go once per customer, whichever worker races.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export function announcements(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('announcements')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('text', 'varchar(280)', (c) => c.notNull())
        .addColumn('severity', 'varchar(8)', (c) => c.notNull())
        .addColumn('starts_at', 'bigint', (c) => c.notNull())
        .addColumn('ends_at', 'bigint', (c) => c.notNull())
        .addColumn('tier_id', 'varchar(40)', (c) => c.references('price_tiers.id'))
        .addColumn('email', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('mail_done', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('author_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('author_email', 'varchar(254)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('announcements_severity', sql`severity in ('info','warning','outage')`)
        .execute();
      // The banner's question: which have not ended yet.
      await db.schema
        .createIndex('announcements_ends_at')
        .on('announcements')
        .columns(['ends_at', 'starts_at'])
        .execute();
      await db.schema
        .createTable('announcement_dismissals')
        .addColumn('announcement_id', 'varchar(40)', (c) =>
          c.notNull().references('announcements.id'),
        )
        .addColumn('user_id', 'varchar(40)', (c) => c.notNull().references('users.id'))
        .addColumn('dismissed_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('announcement_dismissals_pk', ['announcement_id', 'user_id'])
        .execute();
      await db.schema
        .createTable('announcement_mails')
        .addColumn('announcement_id', 'varchar(40)', (c) =>
          c.notNull().references('announcements.id'),
        )
        .addColumn('user_id', 'varchar(40)', (c) => c.notNull().references('users.id'))
        .addColumn('queued_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('announcement_mails_pk', ['announcement_id', 'user_id'])
        .execute();
    },
  };
}
