/**
 * saved recipients (per customer, named, at most LIMITS.savedRecipients, enforced by
 * the service) and the admin's user search. Search terms are the start-able pieces of a user's
 * name, e-mail and phone, lower-cased, one row each: a search is an indexed range scan on
 * `term` (`term >= q and term < q || U+FFFF`), never a full-table LIKE '%q%'. On PostgreSQL the
 * column is collated "C" so that range is byte order, as on SQLite.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../src/platform/db/engine.ts';
import { searchTerms } from '@contract/search';

export function recipientsAndSearch(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('recipients')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(40)', (c) => c.notNull().references('users.id'))
        .addColumn('product', 'varchar(16)', (c) => c.notNull())
        .addColumn('destination', 'varchar(32)', (c) => c.notNull())
        .addColumn('service_id', 'varchar(64)', (c) => c.notNull())
        // '' for products without a meter type, so the unique key compares equal values.
        .addColumn('variation_code', 'varchar(8)', (c) => c.notNull().defaultTo(''))
        .addColumn('name', 'varchar(40)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('recipients_unique', [
          'user_id',
          'product',
          'destination',
          'service_id',
          'variation_code',
        ])
        .addCheckConstraint(
          'recipients_product',
          sql`product in ('Airtime','Data','CableTV','Electricity')`,
        )
        .execute();

      await db.schema
        .createTable('user_search_terms')
        .addColumn('term', 'varchar(120)', (c) =>
          engine === 'postgres' ? c.notNull().modifyEnd(sql`collate "C"`) : c.notNull(),
        )
        .addColumn('user_id', 'varchar(40)', (c) => c.notNull().references('users.id'))
        .addPrimaryKeyConstraint('user_search_terms_pk', ['term', 'user_id'])
        .execute();
      await db.schema
        .createIndex('user_search_terms_user')
        .on('user_search_terms')
        .column('user_id')
        .execute();

      // Users who signed up before this migration.
      const users = await (
        db as Kysely<{ users: { id: string; name: string; email: string; phone: string } }>
      )
        .selectFrom('users')
        .select(['id', 'name', 'email', 'phone'])
        .execute();
      for (const u of users) {
        const rows = searchTerms(u).map((term) => ({ term, user_id: u.id }));
        if (rows.length) {
          await (db as Kysely<{ user_search_terms: { term: string; user_id: string } }>)
            .insertInto('user_search_terms')
            .values(rows)
            .execute();
        }
      }
    },
  };
}
