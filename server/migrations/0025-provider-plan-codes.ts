/**
 * Each provider's own code for our plan (ADR 0052, "Each provider's own code"):
 * `provider_plans.plan_code` is the code of our plan (its `plan_id`) that the listed plan was
 * matched to by the catalogue sync, or null when it matched none of ours. A purchase sent to
 * that provider uses the listed `code`, found by `plan_code`. Rows kept before get their own
 * code (the match by code alone that applied until now).
 */
import { sql, type Kysely, type Migration } from 'kysely';

export function providerPlanCodes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('provider_plans').addColumn('plan_code', 'varchar(100)').execute();
      // Lists kept before: each plan was ours under the same code (the match until now), so a
      // purchase finds them as before until the next sync matches them again.
      await sql`update provider_plans set plan_code = code`.execute(db);
      // A purchase's question: this provider's plan for our plan of this service.
      await db.schema
        .createIndex('provider_plans_plan_code')
        .on('provider_plans')
        .columns(['provider', 'service_id', 'plan_code'])
        .execute();
    },
  };
}
