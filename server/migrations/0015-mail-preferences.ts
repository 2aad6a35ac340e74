/**
 * A switch for the customer e-mails ("a word after every credit"; ADR 0047): funding,
 * purchases, refunds and shares received mail the customer unless `money_mail` is 0. Security
 * mails (ADR 0033) have no switch: someone who took the account could turn them off. Every
 * existing customer starts with the mails on, as a new one does.
 */
import type { Kysely, Migration } from 'kysely';

export function mailPreferences(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('money_mail', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    },
  };
}
