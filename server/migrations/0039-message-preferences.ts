/**
 * How each kind of message reaches the customer (ADR 0081): SMS and e-mail for purchases
 * (outcomes) and for wallet alerts (credits and debits). Security messages and a refund's SMS
 * have no switch. Every existing customer keeps the e-mails they had (`money_mail`, ADR 0047,
 * copied to both e-mail columns) and gets the SMS, as a new account does.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export function messagePreferences(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of ['purchase_sms', 'purchase_mail', 'alert_sms', 'alert_mail']) {
        await db.schema
          .alterTable('users')
          .addColumn(column, 'integer', (c) => c.notNull().defaultTo(1))
          .execute();
      }
      await sql`update users set purchase_mail = money_mail, alert_mail = money_mail`.execute(db);
    },
  };
}
