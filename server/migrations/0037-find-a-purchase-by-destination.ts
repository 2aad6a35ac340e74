/**
 * The admin's transactions search by what a purchase was for (ADR 0078): the phone, meter or
 * smart card number, or the provider's reference a customer reads out from a complaint. Each is
 * an exact match on its own index, newest first within it (the id last: the list's order, and
 * the index answers the search alone), so a search reads the rows it finds and no others,
 * whatever the number of purchases (no `LIKE '%…%'`, no scan).
 */
import type { Kysely, Migration } from 'kysely';

export const DESTINATION_INDEXES = [
  ['transactions_phone_created', 'transaction_phone'],
  ['transactions_meter_created', 'meter_number'],
  ['transactions_card_created', 'smart_card_number'],
  ['transactions_reference_created', 'exchange_reference'],
] as const;

export function findPurchaseByDestination(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const [name, column] of DESTINATION_INDEXES) {
        await db.schema
          .createIndex(name)
          .on('transactions')
          .columns([column, 'created_at', 'id'])
          .execute();
      }
    },
  };
}
