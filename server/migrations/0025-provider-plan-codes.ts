/**
 * Each provider's own code for our plan (issue 25 §1; ADR 0052, "Each provider's own code"):
 * `provider_plans.plan_code` is the code of our plan (its `plan_id`) that the listed plan was
 * matched to by the catalogue sync, or null when it matched none of ours. A purchase sent to
 * that provider uses the listed `code`, found by `plan_code`.
 */
import type { Kysely, Migration } from 'kysely';

export function providerPlanCodes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('provider_plans').addColumn('plan_code', 'varchar(100)').execute();
      // A purchase's question: this provider's plan for our plan of this service.
      await db.schema
        .createIndex('provider_plans_plan_code')
        .on('provider_plans')
        .columns(['provider', 'service_id', 'plan_code'])
        .execute();
    },
  };
}
