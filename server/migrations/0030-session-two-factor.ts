/**
 * A session remembers how it signed in (ADR 0072): `refresh_tokens.two_factor` is 1 on every
 * token of a refresh family (a session) whose sign-in passed the two-factor step, or whose
 * admin turned two-factor on from it with a code; rotation copies it. Admin calls are refused to
 * a session without it whenever the account requires two-factor. Sessions open before this
 * migration are not known to have passed it: 0, so an enrolled admin signs in again once.
 */
import type { Kysely, Migration } from 'kysely';

export function sessionTwoFactor(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('refresh_tokens')
        .addColumn('two_factor', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
