/**
 * Price tiers (ADR 0027). A purchase reads its customer's tier inside its own
 * transaction (`tierDiscountsOf`) and charges `tierPrice` (contract/tiers.ts). Admins list,
 * create and edit tiers and move customers between them; each write records its audit entry
 * in the same transaction, and a refused write changes and records nothing.
 */
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_TIER_ID,
  MAX_TIERS,
  NO_DISCOUNTS,
  TIER_MSG,
  TIER_NAME_MAX,
  TIER_PRODUCTS,
  tierBelowCost,
  percentText,
  SERVER_MSG,
  type MyTier,
  type Tier,
  type TierDiscounts,
} from '@contract';
import { sql, type Selectable } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Db } from '../platform/db/index.ts';
import type { PriceTiersTable } from '../platform/db/schema.ts';
import { ApiError } from '../platform/http/errors.ts';
import { tierCustomers } from '../platform/aggregates.ts';
import { recordAudit, type Actor, type Snapshot } from '../admin/audit.ts';
import { isUniqueViolation } from '../accounts/auth.ts';
import type { UserRow } from '../accounts/users.ts';
import type { PinRow } from '../wallet/wallet.ts';

type TierRow = Selectable<PriceTiersTable>;

const discountsOf = (row: TierRow): TierDiscounts => ({
  airtime: Number(row.airtime_bps),
  data: Number(row.data_bps),
  cabletv: Number(row.cabletv_bps),
  electricity: Number(row.electricity_bps),
  education: Number(row.education_bps),
});

const columnsOf = (d: TierDiscounts) => ({
  airtime_bps: d.airtime,
  data_bps: d.data,
  cabletv_bps: d.cabletv,
  electricity_bps: d.electricity,
  education_bps: d.education,
});

/** What the audit log keeps of a tier: its name and discounts as percent text. */
const snapshot = (name: string, d: TierDiscounts): Snapshot => {
  const s: Snapshot = { name };
  for (const p of TIER_PRODUCTS) s[p] = percentText(d[p]);
  return s;
};

const notFound = () => new ApiError('not_found', TIER_MSG.notFound);

/**
 * The user's tier row (the default tier when they were never moved), in one statement: the
 * user's tier id and that tier's discounts are read together, never from two moments.
 */
const tierQuery = (db: Db, userId: string) =>
  db
    .selectFrom('users')
    .innerJoin('price_tiers', (join) =>
      join.on(sql<boolean>`price_tiers.id = coalesce(users.tier_id, ${DEFAULT_TIER_ID})`),
    )
    .selectAll('price_tiers')
    .where('users.id', '=', userId);

async function tierRowOf(db: Db, userId: string): Promise<TierRow | undefined> {
  return tierQuery(db, userId).executeTakeFirst();
}

/**
 * A tier name's key for uniqueness: NFC and lower case. Lower-casing can lengthen a name
 * ('İ' becomes two code units), so a key longer than the column is refused with the name rule.
 */
function nameKeyOf(name: string): string {
  const key = name.normalize('NFC').toLowerCase();
  if (key.length > TIER_NAME_MAX) throw new ApiError('validation_error', TIER_MSG.nameTooLong);
  return key;
}

/** The discounts a purchase applies: read with the purchase's own transaction. */
export async function tierDiscountsOf(db: Db, userId: string): Promise<TierDiscounts> {
  const row = await tierRowOf(db, userId);
  return row ? discountsOf(row) : NO_DISCOUNTS;
}

/**
 * A purchase's discounts and its customer's pin row, in one statement of the purchase's own
 * transaction (ADR 0029: a right pin is confirmed there instead of with a write of its own).
 * No pin row when the tier row is missing: the caller then checks the pin the long way.
 */
export async function tierAndPinOf(
  db: Db,
  userId: string,
): Promise<{ discounts: TierDiscounts; pin?: PinRow }> {
  const row = await tierQuery(db, userId)
    .select(['users.pin_hash', 'users.pin_failed_count', 'users.pin_locked_until'])
    .executeTakeFirst();
  if (!row) return { discounts: NO_DISCOUNTS };
  return { discounts: discountsOf(row), pin: row };
}

/** `GET /api/user/tier`. */
export async function myTier(ctx: AppContext, user: UserRow): Promise<MyTier> {
  const row = await tierRowOf(ctx.db, user.id);
  if (!row) return { id: DEFAULT_TIER_ID, name: 'Standard', discounts: NO_DISCOUNTS };
  return { id: row.id, name: row.name, discounts: discountsOf(row) };
}

/** Every tier with its customer count (the default tier counts customers never moved). */
export async function listTiers(db: Db): Promise<Tier[]> {
  const [rows, count] = await Promise.all([
    db.selectFrom('price_tiers').selectAll().orderBy('created_at').orderBy('id').execute(),
    // Counted as customers sign up or move (tier_customers, ADR 0069), not per page load.
    tierCustomers(db),
  ]);
  return rows.map((r) => toTier(r, count.get(r.id) ?? 0));
}

function toTier(r: TierRow, customers: number): Tier {
  return {
    id: r.id,
    name: r.name,
    is_default: Number(r.is_default) === 1,
    discounts: discountsOf(r),
    customers,
    updated_at: Number(r.updated_at),
  };
}

/** Refuses discounts that would price an item below the provider's cost (read in `trx`). */
async function refuseBelowCost(trx: Db, discounts: TierDiscounts): Promise<void> {
  const networks = await trx.selectFrom('networks').select('wallet_percent_off').execute();
  const below = tierBelowCost(
    discounts,
    networks.map((n) => Number(n.wallet_percent_off)),
  );
  if (below) throw new ApiError('validation_error', below.message);
}

async function refuseTakenName(trx: Db, nameKey: string, exceptId?: string): Promise<void> {
  let q = trx.selectFrom('price_tiers').select('id').where('name_key', '=', nameKey);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw new ApiError('conflict', TIER_MSG.nameTaken);
}

/** Two admins saving the same new name at once: the unique key refuses the second. */
async function nameConflictAsMessage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof ApiError) && isUniqueViolation(err)) {
      throw new ApiError('conflict', TIER_MSG.nameTaken);
    }
    throw err;
  }
}

export function createTier(
  ctx: AppContext,
  actor: Actor,
  body: { name: string; discounts: TierDiscounts },
): Promise<Tier> {
  return nameConflictAsMessage(() =>
    ctx.dbh.writeTx(async (trx) => {
      const nameKey = nameKeyOf(body.name);
      // PostgreSQL: creates queue on the default tier's row, so two at once cannot both see
      // room for one more (SQLite has one writer already).
      await trx
        .selectFrom('price_tiers')
        .select('id')
        .where('id', '=', DEFAULT_TIER_ID)
        .$if(ctx.dbh.engine === 'postgres', (q) => q.forUpdate())
        .execute();
      await refuseBelowCost(trx, body.discounts);
      await refuseTakenName(trx, nameKey);
      const { n } = await trx
        .selectFrom('price_tiers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      if (Number(n) >= MAX_TIERS) throw new ApiError('conflict', TIER_MSG.tooMany);
      const now = Date.now();
      const row = {
        id: randomUUID(),
        name: body.name,
        name_key: nameKey,
        is_default: 0,
        ...columnsOf(body.discounts),
        created_at: now,
        updated_at: now,
      };
      await trx.insertInto('price_tiers').values(row).execute();
      await recordAudit(trx, actor, {
        action: 'tier.create',
        targetType: 'tier',
        targetId: row.id,
        targetLabel: body.name,
        before: null,
        after: snapshot(body.name, body.discounts),
      });
      return toTier(row, 0);
    }),
  );
}

export function editTier(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: { name: string; discounts: TierDiscounts },
): Promise<Tier> {
  return nameConflictAsMessage(() =>
    ctx.dbh.writeTx(async (trx) => {
      // Locked (PostgreSQL) so the audit's "before" is what this edit replaced.
      const before = await trx
        .selectFrom('price_tiers')
        .selectAll()
        .where('id', '=', id)
        .$if(ctx.dbh.engine === 'postgres', (q) => q.forUpdate())
        .executeTakeFirst();
      if (!before) throw notFound();
      const nameKey = nameKeyOf(body.name);
      await refuseBelowCost(trx, body.discounts);
      await refuseTakenName(trx, nameKey, id);
      const now = Date.now();
      await trx
        .updateTable('price_tiers')
        .set({ name: body.name, name_key: nameKey, ...columnsOf(body.discounts), updated_at: now })
        .where('id', '=', id)
        .execute();
      await recordAudit(trx, actor, {
        action: 'tier.edit',
        targetType: 'tier',
        targetId: id,
        targetLabel: body.name,
        before: snapshot(before.name, discountsOf(before)),
        after: snapshot(body.name, body.discounts),
      });
      const [tier] = (await listTiers(trx)).filter((t) => t.id === id);
      return tier!;
    }),
  );
}

/** Moves a customer onto a tier; the audit entry names both tiers. */
export function setUserTier(
  ctx: AppContext,
  actor: Actor,
  body: { userId: string; tierId: string },
): Promise<string> {
  // Whoever grants a discount does not grant it to themselves.
  if (body.userId === actor.admin.id) {
    return Promise.reject(new ApiError('forbidden', SERVER_MSG.forbidden));
  }
  return ctx.dbh.writeTx(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'email', 'tier_id'])
      .where('id', '=', body.userId)
      // Locked (PostgreSQL): two moves at once are audited as A→B then B→C, not both from A.
      .$if(ctx.dbh.engine === 'postgres', (q) => q.forUpdate())
      .executeTakeFirst();
    if (!user) throw new ApiError('not_found', SERVER_MSG.userNotFound);
    const tiers = await trx
      .selectFrom('price_tiers')
      .select(['id', 'name'])
      .where('id', 'in', [body.tierId, user.tier_id ?? DEFAULT_TIER_ID])
      .execute();
    const to = tiers.find((t) => t.id === body.tierId);
    if (!to) throw notFound();
    const fromId = user.tier_id ?? DEFAULT_TIER_ID;
    if (fromId === to.id) throw new ApiError('conflict', TIER_MSG.sameTier);
    const from = tiers.find((t) => t.id === fromId);
    await trx.updateTable('users').set({ tier_id: to.id }).where('id', '=', user.id).execute();
    await recordAudit(trx, actor, {
      action: 'tier.change',
      targetType: 'user',
      targetId: user.id,
      targetLabel: user.email,
      before: { tier: from?.name ?? fromId },
      after: { tier: to.name },
    });
    return TIER_MSG.moved;
  });
}
