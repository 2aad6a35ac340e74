/**
 * The upstream providers (src/providers: one interface, many adapters), chosen from the
 * environment: sandbox by default (the live adapters against the providers' simulators, ADR
 * 0043), a real provider only when its keys are set. The simulators' memory and checkout
 * sessions live in the database (`kv_store`), so a restart keeps them and a pending purchase
 * still resolves as the simulator promised.
 */
import type { Config } from '../config.ts';
import { createSimulators } from '../simulators/index.ts';
import type { Db } from '../db/index.ts';
import {
  createProviders,
  describeProviders,
  type KeyValueStore,
  type Providers,
} from '../providers/index.ts';

export type ProviderSet = Providers;

/** A JSON key-value store in the `kv_store` table, one namespace per use. */
export function dbStore<T>(db: Db, namespace: string): KeyValueStore<T> {
  return {
    async get(key) {
      const row = await db
        .selectFrom('kv_store')
        .select('value')
        .where('namespace', '=', namespace)
        .where('key', '=', key)
        .executeTakeFirst();
      return row ? (JSON.parse(row.value) as T) : undefined;
    },
    async set(key, value) {
      const text = JSON.stringify(value);
      await db
        .insertInto('kv_store')
        .values({ namespace, key, value: text })
        .onConflict((oc) => oc.columns(['namespace', 'key']).doUpdateSet({ value: text }))
        .execute();
    },
  };
}

export function loadProviders(config: Config, db: Db): ProviderSet {
  const instant = ['1', 'true'].includes((config.env.SANDBOX_INSTANT ?? '').trim().toLowerCase());
  return createProviders(config.env, {
    simulators: createSimulators({ store: (namespace) => dbStore(db, namespace), instant }),
    cardStore: dbStore(db, 'sandbox-card'),
    transferStore: dbStore(db, 'sandbox-transfer'),
  });
}

export { describeProviders };
