/**
 * The catalogue comes from the provider (ADR 0044). For each data, TV and
 * education service, the provider the service is routed to lists its variations; a plan is
 * matched by `plan_id` = the provider's code, else by name (size and validity, or bouquet: a
 * provider with codes of its own, plan-match.ts, ADR 0052), and the provider's price is stored
 * as our cost. Every provider's list is kept with the code of ours each plan matched; the
 * items that match none of our plans are counted (logged, and in the audit entry), never
 * guessed: they are not sold through that provider.
 * - cost above our price → flagged `price_above_ours` and taken off sale until repriced;
 * - no longer listed → flagged `not_at_provider` and taken off sale;
 * - listed but not ours → inserted off sale, flagged `new`, priced at the provider's amount,
 *   under a stable id derived from the service and code;
 * - a plan the sync took off sale goes back once its cost is at or under our price.
 * A plan's `id` never changes (coupons, saved plans and purchases name it).
 *
 * The provider is asked outside any transaction; each service's changes are one write
 * transaction that first locks the service's variation rows (PostgreSQL; SQLite has one
 * writer), so two syncs at once (two instances, a click during the schedule) apply one after
 * the other and the second finds nothing left to change. A provider that fails, or answers
 * nothing usable, leaves its service as it was and is reported.
 */
import { createHash } from 'node:crypto';
import {
  MAX_KOBO,
  nairaText,
  type CatalogueSyncSummary,
  type ServiceSync,
  type SyncFlag,
} from '@contract';
import type { AppContext } from '../context.ts';
import type { Db } from '../platform/db/index.ts';
import type { Variation, VtuProvider } from '../providers/types.ts';
import { recordAudit, type Actor } from '../admin/audit.ts';
import { primaryProvider, recordListing, routeTargets } from '../providers/failover.ts';
import { matchPlans, serviceWords, type NamedPlan } from './plan-match.ts';
import { startWorker } from '../platform/worker.ts';

type SyncedProduct = ServiceSync['product'];

/** What started a run: the audit entry says it. */
export type SyncTrigger = 'start' | 'schedule' | 'manual';

/** Column limits of the plan tables (0001): longer provider values are refused or cut. */
const CODE_MAX = 100;
const NAME_MAX = 120;
const ID_MAX = 100;
/** The audit entry's list of changes stays readable (and within reason) on a big catalogue. */
const CHANGES_MAX = 2_000;
const ERROR_MAX = 200;

/** The actor of runs nobody clicked (start, schedule): named, so the audit log reads plainly. */
export const SYSTEM_ACTOR: Actor = {
  admin: { id: 'system', email: 'system (catalogue sync)' },
  req: { headers: {}, ip: '' },
  kind: 'system',
};

interface Service {
  product: SyncedProduct;
  serviceId: string;
  /** Its variations, first by sort: a new plan joins the first. */
  variationIds: string[];
  /** The words of its own names (`mtn`, `dstv`…), set aside when plans are matched by name. */
  words: Set<string>;
}

/** Every data, TV and education service the catalogue sells (electricity has no plans). */
async function services(db: Db): Promise<Service[]> {
  const [data, bills] = await Promise.all([
    db
      .selectFrom('data_variations')
      .select(['id', 'service_id', 'name', 'network_id'])
      .orderBy('sort')
      .execute(),
    db
      .selectFrom('bill_variations')
      .select(['id', 'service_id', 'kind', 'name'])
      .orderBy('kind')
      .orderBy('sort')
      .execute(),
  ]);
  const byKey = new Map<string, Service>();
  const add = (product: SyncedProduct, serviceId: string, variationId: string, names: string[]) => {
    const key = `${product}:${serviceId}`;
    const service = byKey.get(key) ?? {
      product,
      serviceId,
      variationIds: [],
      words: serviceWords(serviceId),
    };
    service.variationIds.push(variationId);
    for (const word of serviceWords(...names)) service.words.add(word);
    byKey.set(key, service);
  };
  for (const v of data) add('data', v.service_id, v.id, [v.name, v.network_id]);
  for (const v of bills) add(v.kind, v.service_id, v.id, [v.name]);
  return [...byKey.values()];
}

/**
 * The provider's list as we can store it: codes of at most 100 printable characters, names
 * cut to 120, whole kobo amounts within MAX_KOBO; the first of a repeated code wins. The
 * adapters already parse the answer; this guards the columns against a provider's oddities.
 */
export function usableVariations(list: readonly Variation[]): Variation[] {
  const seen = new Set<string>();
  const kept: Variation[] = [];
  for (const v of list) {
    const code = typeof v.code === 'string' ? v.code.trim() : '';
    // eslint-disable-next-line no-control-regex
    if (!code || code.length > CODE_MAX || /[\u0000-\u001f\u007f]/.test(code)) continue;
    if (!Number.isSafeInteger(v.amount) || v.amount < 0 || v.amount > MAX_KOBO) continue;
    if (seen.has(code)) continue;
    seen.add(code);
    const name = String(v.name ?? '')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .trim();
    kept.push({ code, name: (name || code).slice(0, NAME_MAX), amount: v.amount });
  }
  return kept;
}

/**
 * The id of a plan the sync adds: `<service>-<code>`, lower case, anything but letters, digits
 * and dashes made a dash. Stable (the same code always gets the same id), so a second sync
 * finds it by code and a coupon or saved plan may name it. A code that would not fit, or
 * whose id another plan holds, gets a short hash of the code instead.
 */
export function newPlanId(serviceId: string, code: string, taken: ReadonlySet<string>): string {
  const clean = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/-+/g, '-')
      .replace(/^-|-$/g, '');
  const plain = `${clean(serviceId)}-${clean(code)}`;
  if (plain.length <= ID_MAX && !taken.has(plain) && clean(code)) return plain;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 12);
  return `${clean(serviceId).slice(0, ID_MAX - 14)}-x${hash}`;
}

/** Our plans of a service, by code and name (what a provider's list is matched to). */
async function ourPlans(db: Db, service: Service): Promise<NamedPlan[]> {
  const rows =
    service.product === 'data'
      ? await db
          .selectFrom('data_plans')
          .select(['plan_id', 'name'])
          .where('variation_id', 'in', service.variationIds)
          .orderBy('sort')
          .execute()
      : await db
          .selectFrom('bill_plans')
          .select(['plan_id', 'name'])
          .where('variation_id', 'in', service.variationIds)
          .orderBy('sort')
          .execute();
  return rows.map((r) => ({ code: r.plan_id, name: r.name }));
}

/** Listed code → the code of our plan it is (plan-match.ts; ADR 0052). */
const matched = async (db: Db, service: Service, listed: readonly Variation[]) =>
  matchPlans(await ourPlans(db, service), listed, service.words);

interface PlanRow {
  id: string;
  variation_id: string;
  plan_id: string;
  name: string;
  price: number;
  on_sale: number;
  cost: number | null;
  sync_flag: string | null;
  sync_off_sale: number;
  sort: number;
}

interface Applied {
  added: number;
  repriced: number;
  flagged: number;
  restored: number;
  changes: string[];
}

/** One service's changes, in the caller's write transaction. */
async function applyService(
  trx: Db,
  postgres: boolean,
  service: Service,
  provider: string,
  listed: readonly Variation[],
  now: number,
): Promise<Applied> {
  const data = service.product === 'data';
  const variations = data ? 'data_variations' : 'bill_variations';
  // A second sync of this service (another instance) waits here until this one commits, and
  // then reads what it wrote.
  await trx
    .selectFrom(variations)
    .select('id')
    .where('id', 'in', service.variationIds)
    .$if(postgres, (q) => q.forUpdate())
    .execute();
  const rows: PlanRow[] = data
    ? await trx
        .selectFrom('data_plans')
        .select([
          'id',
          'variation_id',
          'plan_id',
          'name',
          'wallet_price as price',
          'on_sale',
          'cost',
          'sync_flag',
          'sync_off_sale',
          'sort',
        ])
        .where('variation_id', 'in', service.variationIds)
        .execute()
    : await trx
        .selectFrom('bill_plans')
        .select([
          'id',
          'variation_id',
          'plan_id',
          'name',
          'price',
          'on_sale',
          'cost',
          'sync_flag',
          'sync_off_sale',
          'sort',
        ])
        .where('variation_id', 'in', service.variationIds)
        .execute();

  const out: Applied = { added: 0, repriced: 0, flagged: 0, restored: 0, changes: [] };
  const note = (row: { plan_id: string }, what: string) =>
    out.changes.push(`${service.serviceId}/${row.plan_id}: ${what}`);

  const update = async (
    row: PlanRow,
    set: Partial<{
      cost: number;
      price: number;
      on_sale: number;
      sync_flag: SyncFlag | null;
      sync_off_sale: number;
    }>,
  ) => {
    const { price, ...rest } = set;
    const values = {
      ...rest,
      provider,
      synced_at: now,
      ...(Object.keys(set).length ? { updated_at: now } : {}),
    };
    if (data) {
      await trx
        .updateTable('data_plans')
        .set({ ...values, ...(price !== undefined ? { wallet_price: price } : {}) })
        .where('id', '=', row.id)
        .execute();
    } else {
      await trx
        .updateTable('bill_plans')
        .set({ ...values, ...(price !== undefined ? { price } : {}) })
        .where('id', '=', row.id)
        .execute();
    }
  };

  const byCode = new Map<string, PlanRow[]>();
  for (const row of rows) byCode.set(row.plan_id, [...(byCode.get(row.plan_id) ?? []), row]);
  const listedCodes = new Set(listed.map((v) => v.code));

  for (const v of listed) {
    const matched = byCode.get(v.code);
    if (!matched) {
      await insertNew(trx, data, service, provider, v, now);
      out.added += 1;
      note({ plan_id: v.code }, `new at ${nairaText(v.amount)} (off sale until priced)`);
      continue;
    }
    for (const row of matched) {
      const price = Number(row.price);
      const before = row.cost === null ? null : Number(row.cost);
      const set: Parameters<typeof update>[1] = {};
      if (before !== v.amount) {
        set.cost = v.amount;
        if (before !== null) {
          out.repriced += 1;
          note(row, `cost ${nairaText(before)} → ${nairaText(v.amount)}`);
        }
      }
      if (row.sync_flag === 'new') {
        // Not priced by an admin yet: it follows the provider's price, and stays off sale.
        if (price !== v.amount) set.price = v.amount;
      } else if (v.amount > price) {
        if (row.sync_flag !== 'price_above_ours') {
          set.sync_flag = 'price_above_ours';
          out.flagged += 1;
          note(row, `provider price ${nairaText(v.amount)} above ours ${nairaText(price)}`);
        }
        if (Number(row.on_sale) === 1) {
          set.on_sale = 0;
          set.sync_off_sale = 1;
          note(row, 'taken off sale');
        }
      } else {
        if (row.sync_flag !== null) set.sync_flag = null;
        if (Number(row.sync_off_sale) === 1) {
          set.on_sale = 1;
          set.sync_off_sale = 0;
          out.restored += 1;
          note(row, 'back on sale');
        }
      }
      await update(row, set);
    }
  }

  for (const row of rows) {
    if (listedCodes.has(row.plan_id)) continue;
    const set: Parameters<typeof update>[1] = {};
    if (row.sync_flag !== 'not_at_provider') {
      set.sync_flag = 'not_at_provider';
      out.flagged += 1;
      note(row, 'no longer listed by the provider');
    }
    if (Number(row.on_sale) === 1) {
      set.on_sale = 0;
      set.sync_off_sale = 1;
      note(row, 'taken off sale');
    }
    await update(row, set);
  }
  return out;
}

/** A variation we did not sell: off sale, flagged `new`, priced at the provider's amount. */
async function insertNew(
  trx: Db,
  data: boolean,
  service: Service,
  provider: string,
  v: Variation,
  now: number,
): Promise<void> {
  const variationId = service.variationIds[0] as string;
  const table = data ? 'data_plans' : 'bill_plans';
  const plainId = newPlanId(service.serviceId, v.code, new Set());
  const taken = new Set(
    (await trx.selectFrom(table).select('id').where('id', '=', plainId).execute()).map((r) => r.id),
  );
  const id = newPlanId(service.serviceId, v.code, taken);
  const { sort } = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.max<number>('sort').as('sort'))
    .where('variation_id', '=', variationId)
    .executeTakeFirstOrThrow();
  const common = {
    id,
    variation_id: variationId,
    plan_id: v.code,
    name: v.name,
    on_sale: 0,
    sort: (sort === null ? -1 : Number(sort)) + 1,
    updated_at: now,
    cost: v.amount,
    provider,
    synced_at: now,
    sync_flag: 'new',
    sync_off_sale: 1,
  };
  if (data) {
    await trx
      .insertInto('data_plans')
      .values({ ...common, wallet_price: v.amount })
      .execute();
  } else {
    await trx
      .insertInto('bill_plans')
      .values({ ...common, price: v.amount })
      .execute();
  }
}

const providerError = (err: unknown): string =>
  (err instanceof Error ? err.message : String(err)).slice(0, ERROR_MAX);

/**
 * One sync of every service (see the top of this file). Answers the summary; writes one audit
 * entry: always for a run an admin asked for, and for an automatic run when something changed
 * or a provider failed (a quiet schedule would otherwise fill the log with empty entries).
 */
export async function syncCatalogue(
  ctx: AppContext,
  actor: Actor = SYSTEM_ACTOR,
  trigger: SyncTrigger = 'manual',
  /** True once the server shuts down: the run ends after the service it is on (worker.ts). */
  stopping: () => boolean = () => false,
): Promise<CatalogueSyncSummary> {
  const now = Date.now();
  const results: ServiceSync[] = [];
  const changes: string[] = [];
  // Listed items that match none of our plans, per service and provider: counts only (what
  // they might be is never guessed, plan-match.ts). Not a change: kept out of `changes`, so a
  // quiet schedule still writes no audit entry.
  const unmatched: string[] = [];
  let unmatchedTotal = 0;
  for (const service of await services(ctx.db)) {
    if (stopping()) {
      ctx.log.info(
        { service: service.serviceId },
        'catalogue sync stopped for the shutdown: the services from here on wait for the next run',
      );
      break;
    }
    const noteUnmatched = (providerName: string, listed: number, count: number) => {
      if (count <= 0) return;
      unmatchedTotal += count;
      unmatched.push(`${service.serviceId}/${providerName}: ${count} of ${listed}`);
      ctx.log.info(
        { service: service.serviceId, provider: providerName, unmatched: count, listed },
        'catalogue sync: provider items that match none of our plans (not sold there)',
      );
    };
    let provider: VtuProvider | undefined;
    const result: ServiceSync = {
      service_id: service.serviceId,
      product: service.product,
      provider: '',
      added: 0,
      repriced: 0,
      flagged: 0,
      restored: 0,
      failed: false,
      error: null,
    };
    results.push(result);
    try {
      provider = await primaryProvider(ctx, service.product, service.serviceId);
      result.provider = provider.name;
      const listed = usableVariations(await provider.listVariations(service.serviceId));
      // An empty list is far likelier a provider fault than a service with nothing left to
      // sell: taking every plan off sale on it would stop all sales of the service.
      if (listed.length === 0) throw new Error('the provider listed no variations');
      const applied = await ctx.dbh.writeTx(async (trx) => {
        // A listed plan that is one of ours under another code (matched by name: ADR 0052)
        // prices that plan; its code is kept in provider_plans, for the purchase to send.
        const before = await matched(trx, service, listed);
        const asOurs = listed.map((v) => ({ ...v, code: before.get(v.code) ?? v.code }));
        const done = await applyService(
          trx,
          ctx.dbh.engine === 'postgres',
          service,
          provider!.name,
          asOurs,
          now,
        );
        // Matched again: the plans just added are the provider's own codes.
        const codes = await matched(trx, service, listed);
        await recordListing(trx, provider!.name, service.serviceId, listed, now, codes);
        return { ...done, unmatched: listed.length - codes.size };
      });
      noteUnmatched(provider.name, listed.length, applied.unmatched);
      result.added = applied.added;
      result.repriced = applied.repriced;
      result.flagged = applied.flagged;
      result.restored = applied.restored;
      changes.push(...applied.changes);
    } catch (err) {
      result.failed = true;
      result.error = providerError(err);
      changes.push(`${service.serviceId}: not synced (${result.error})`);
      ctx.log.warn(
        { service: service.serviceId, provider: result.provider, err: result.error },
        'catalogue sync: service left as it was',
      );
    }
    if (stopping()) continue; // the fallbacks' lists too wait for the next run
    for (const listing of await syncFallbacks(ctx, service, result.provider, now)) {
      noteUnmatched(listing.provider, listing.listed, listing.unmatched);
    }
  }
  const total = (key: 'added' | 'repriced' | 'flagged' | 'restored') =>
    results.reduce((sum, r) => sum + r[key], 0);
  const summary: CatalogueSyncSummary = {
    synced_at: now,
    services: results,
    added: total('added'),
    repriced: total('repriced'),
    flagged: total('flagged'),
    restored: total('restored'),
    failed: results.filter((r) => r.failed).length,
  };
  if (trigger === 'manual' || changes.length > 0) {
    let text = changes.join('; ');
    if (text.length > CHANGES_MAX) text = `${text.slice(0, CHANGES_MAX - 1)}…`;
    await ctx.dbh.writeTx((trx) =>
      recordAudit(
        trx,
        actor,
        {
          action: 'catalogue.sync',
          targetType: 'catalogue',
          targetId: 'catalogue',
          targetLabel: `Catalogue sync (${trigger})`,
          before: null,
          after: {
            added: summary.added,
            repriced: summary.repriced,
            flagged: summary.flagged,
            restored: summary.restored,
            failed: summary.failed,
            changes: text || 'nothing changed',
            unmatched: unmatchedTotal,
            unmatched_items: unmatched.join('; ').slice(0, CHANGES_MAX) || 'none',
          },
        },
        now,
      ),
    );
  }
  return summary;
}

/**
 * What the other providers of the service's order list (ADR 0052): kept per provider, each
 * listed plan with the code of ours it was matched to (plan-match.ts), so a purchase is sent to
 * a fallback under that provider's own code, and never to one that does not sell the plan or
 * sells it at a loss. Our plans follow the first provider only; a fallback that cannot be
 * asked keeps its last list. Answers, per fallback listed, how many of its items matched
 * none of our plans.
 */
async function syncFallbacks(
  ctx: AppContext,
  service: Service,
  primary: string,
  now: number,
): Promise<{ provider: string; listed: number; unmatched: number }[]> {
  const out: { provider: string; listed: number; unmatched: number }[] = [];
  const targets = await routeTargets(ctx, service.product, service.serviceId);
  const names = new Set([primary]);
  for (const target of targets) {
    const provider = ctx.providers.byTarget(target);
    if (names.has(provider.name)) continue;
    names.add(provider.name);
    try {
      const listed = usableVariations(await provider.listVariations(service.serviceId));
      if (listed.length === 0) throw new Error('the provider listed no variations');
      const codes = await ctx.dbh.writeTx(async (trx) => {
        const found = await matched(trx, service, listed);
        await recordListing(trx, provider.name, service.serviceId, listed, now, found);
        return found;
      });
      out.push({
        provider: provider.name,
        listed: listed.length,
        unmatched: listed.length - codes.size,
      });
    } catch (err) {
      ctx.log.warn(
        { service: service.serviceId, provider: provider.name, err: providerError(err) },
        'catalogue sync: fallback provider not listed',
      );
    }
  }
  return out;
}

/**
 * The automatic syncs: one at start, in the background (never delaying or failing the start),
 * then every `everyMs`. Answers the stop function (waits for a run under way).
 */
export function startCatalogueSync(ctx: AppContext, everyMs: number): () => Promise<void> {
  let first = true;
  return startWorker(
    ctx,
    'catalogue sync',
    async (stopping) => {
      const trigger: SyncTrigger = first ? 'start' : 'schedule';
      first = false;
      const summary = await syncCatalogue(ctx, SYSTEM_ACTOR, trigger, stopping);
      if (summary.failed || summary.added || summary.repriced || summary.flagged) {
        ctx.log.info(
          {
            added: summary.added,
            repriced: summary.repriced,
            flagged: summary.flagged,
            restored: summary.restored,
            failed: summary.failed,
          },
          'catalogue synced',
        );
      }
    },
    everyMs,
  );
}
