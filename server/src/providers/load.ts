/**
 * The upstream providers (src/providers: one interface, many adapters), chosen from the
 * environment: sandbox by default (the live adapters against the providers' simulators, ADR
 * 0043), a real provider only when its keys are set. The simulators' memory (checkouts,
 * virtual accounts and transfers included) lives in the database (`kv_store`), so a restart
 * keeps it and a pending purchase or payment still resolves as the simulator promised.
 */
import type { Config } from '../config.ts';
import { createSimulators } from './simulators/index.ts';
import type { Db } from '../platform/db/index.ts';
import {
  createProviders,
  describeProviders,
  type KeyValueStore,
  parseProvidersConfig,
  type Providers,
} from './index.ts';
import type { ProviderCallObserver } from './instrument.ts';

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

export function loadProviders(config: Config, db: Db, observe?: ProviderCallObserver): ProviderSet {
  const env = parseProvidersConfig(config.env);
  return createProviders(env, {
    simulators: createSimulators({
      store: (namespace) => dbStore(db, namespace),
      instant: env.SANDBOX_INSTANT,
      latencyMs: env.SANDBOX_LATENCY_MS,
      // The payments simulator signs with the configured hash, so a webhook test with it (or
      // curl) and the simulator's own webhooks are accepted alike.
      webhookHash: env.FLUTTERWAVE_WEBHOOK_HASH,
    }),
    observe,
  });
}

export { describeProviders };
