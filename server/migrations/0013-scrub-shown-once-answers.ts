/**
 * Retry records kept before ADR 0034 hold working keys (review 10): the first
 * answer of a key creation, with the key and its webhook secret, was stored for a retry of the
 * same X-Request-Id, so a backup of the database held them. Each such answer becomes the one
 * 3e5667b stores in its place: 409, the key was shown once, named by id and prefix. Not null:
 * a record without an answer looks like a request still running, and a retry would wait on it.
 */
import { api, retryOfShownOnce } from '@contract';
import type { Kysely, Migration } from 'kysely';
import type { Database } from '../src/platform/db/schema.ts';

export function scrubShownOnceAnswers(): Migration {
  return {
    async up(untyped: Kysely<unknown>) {
      const db = untyped as unknown as Kysely<Pick<Database, 'idempotency_keys'>>;
      const rows = await db
        .selectFrom('idempotency_keys')
        .select(['user_id', 'request_id', 'response'])
        .where('response', 'like', '%"webhook_secret"%')
        .execute();
      for (const row of rows) {
        let sent: unknown = null;
        try {
          sent = JSON.parse(row.response ?? 'null');
        } catch {
          // Unreadable: still replaced, naming no key rather than keeping the text.
        }
        const kept = retryOfShownOnce(api.createApiKey, sent)!;
        await db
          .updateTable('idempotency_keys')
          .set({ status_code: kept.status, response: JSON.stringify(kept.body) })
          .where('user_id', '=', row.user_id)
          .where('request_id', '=', row.request_id)
          .execute();
      }
    },
  };
}
