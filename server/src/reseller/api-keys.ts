/**
 * Reseller API keys (ADR 0026). A key is `pbk_` + 32 random bytes, answered once;
 * the table keeps its first characters (to tell keys apart) and an HMAC-SHA-256 of it keyed by
 * the server's secret, so a leaked table gives no key and cannot be checked offline without the
 * secret. Each key has its own per-minute limit. The webhook signing secret of a key is derived
 * from the server's secret and the key's id (never stored), answered once with the key.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac, randomUUID } from 'node:crypto';
import {
  API_KEY_PREFIX,
  RESELLER_LIMITS,
  RESELLER_MSG,
  SERVER_MSG,
  type ApiKey,
  type NewApiKey,
} from '@contract';
import type { Selectable } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Db } from '../platform/db/index.ts';
import type { ApiKeysTable, UserRow } from '../platform/db/schema.ts';
import { randomToken } from '../platform/secrets.ts';
import { ApiError } from '../platform/http/errors.ts';
import { counterKey, limit } from '../platform/rate.ts';
import { securityMail, type Origin } from '../notifications/security-mail.ts';
import { requireOpenSession } from '../accounts/tokens.ts';
import { recordAudit, type Actor } from '../admin/audit.ts';

type KeyRow = Selectable<ApiKeysTable>;

const PREFIX_LENGTH = API_KEY_PREFIX.length + 8;
const LAST_USED_TOUCH_MS = 60_000;

/** The keyed hash a key is stored and looked up by. */
export const keyHash = (secret: string, key: string) =>
  createHmac('sha256', `api-key:${secret}`).update(key).digest('hex');

/** The webhook signing secret of a key (derived: the same on every instance, never stored). */
export const webhookSecret = (secret: string, keyId: string) =>
  `whsec_${createHmac('sha256', `webhook:${secret}`).update(keyId).digest('base64url')}`;

const toApiKey = (row: KeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  rate_limit: Number(row.rate_limit),
  created_at: Number(row.created_at),
  last_used_at: row.last_used_at === null ? null : Number(row.last_used_at),
  revoked_at: row.revoked_at === null ? null : Number(row.revoked_at),
  withdrawals_on_at: row.withdrawals_on_at === null ? null : Number(row.withdrawals_on_at),
});

export async function listApiKeys(ctx: AppContext, user: UserRow): Promise<ApiKey[]> {
  const rows = await ctx.db
    .selectFrom('api_keys')
    .selectAll()
    .where('user_id', '=', user.id)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toApiKey);
}

export async function createApiKey(
  ctx: AppContext,
  user: UserRow,
  body: { name: string; rate_limit: number },
  origin: Origin,
  sessionId: string | undefined,
): Promise<NewApiKey> {
  const key = `${API_KEY_PREFIX}${randomToken(32)}`;
  const row: KeyRow = {
    id: randomUUID(),
    user_id: user.id,
    name: body.name,
    prefix: key.slice(0, PREFIX_LENGTH),
    key_hash: keyHash(ctx.config.jwtSecret, key),
    rate_limit: body.rate_limit,
    created_at: Date.now(),
    last_used_at: null,
    revoked_at: null,
    withdrawals_on_at: null,
    withdrawals_on_by: null,
  };
  await ctx.dbh.writeTx(async (trx) => {
    await requireOpenSession(trx, ctx.dbh.engine === 'postgres', sessionId);
    // PostgreSQL (READ COMMITTED): creations of one customer queue on the customer's row, so
    // two at once cannot both count room for one more key (SQLite has one writer already).
    await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', user.id)
      .$if(ctx.dbh.engine === 'postgres', (q) => q.forUpdate())
      .execute();
    const active = await trx
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(active.n) >= RESELLER_LIMITS.keysPerAccount) {
      throw new ApiError('conflict', RESELLER_MSG.tooManyKeys);
    }
    await trx.insertInto('api_keys').values(row).execute();
    const event = { kind: 'keyCreated', prefix: row.prefix, createdAt: row.created_at } as const;
    await securityMail(trx, ctx, user.email, event, origin);
  });
  return { ...toApiKey(row), key, webhook_secret: webhookSecret(ctx.config.jwtSecret, row.id) };
}

export async function revokeApiKey(
  ctx: AppContext,
  user: UserRow,
  id: string,
  origin: Origin,
): Promise<string> {
  const row = await ctx.db
    .selectFrom('api_keys')
    .select(['id', 'revoked_at'])
    .where('id', '=', id)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (!row) throw new ApiError('not_found', RESELLER_MSG.keyNotFound);
  await ctx.dbh.writeTx(async (trx) => {
    const now = Date.now();
    const revoked = await trx
      .updateTable('api_keys')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .returning(['prefix', 'created_at'])
      .executeTakeFirst();
    // Revoking a revoked key changes nothing: no mail either.
    if (revoked) {
      const event = {
        kind: 'keyRevoked',
        prefix: revoked.prefix,
        createdAt: Number(revoked.created_at),
      } as const;
      await securityMail(trx, ctx, user.email, event, origin, now);
    }
  });
  return RESELLER_MSG.keyRevoked;
}

/** A customer's keys as an admin reads them with the customer (never the keys themselves). */
export async function userApiKeys(ctx: AppContext, userId: string): Promise<ApiKey[]> {
  const rows = await ctx.db
    .selectFrom('api_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toApiKey);
}

/**
 * Lets one key send withdrawals, or stops it (ADR 0091): an owner's decision (contract/roles.ts),
 * never on a key of their own account, never on a revoked key; audited, and the customer is told
 * by e-mail and SMS in the same transaction. Setting what is already set changes nothing.
 */
export async function setKeyWithdrawals(
  ctx: AppContext,
  actor: Actor,
  keyId: string,
  enabled: boolean,
): Promise<{ message: string; key: ApiKey }> {
  return ctx.dbh.writeTx(async (trx) => {
    const found = await trx
      .selectFrom('api_keys')
      .innerJoin('users', 'users.id', 'api_keys.user_id')
      .selectAll('api_keys')
      .select('users.email as owner_email')
      .where('api_keys.id', '=', keyId)
      .$if(ctx.dbh.engine === 'postgres', (q) => q.forUpdate('api_keys'))
      .executeTakeFirst();
    if (!found) throw new ApiError('not_found', RESELLER_MSG.keyNotFound);
    const { owner_email: email, ...row } = found;
    if (row.user_id === actor.admin.id) {
      throw new ApiError('forbidden', RESELLER_MSG.keyWithdrawalsOwn);
    }
    if (row.revoked_at !== null) throw new ApiError('conflict', RESELLER_MSG.keyRevokedAlready);
    const message = enabled ? RESELLER_MSG.keyWithdrawalsOn : RESELLER_MSG.keyWithdrawalsOffDone;
    if ((row.withdrawals_on_at !== null) === enabled) return { message, key: toApiKey(row) };
    // The withdrawals' clock: a key's first day of review is counted from this (ADR 0091).
    const now = (ctx.config.clock ?? Date.now)();
    const next = {
      withdrawals_on_at: enabled ? now : null,
      withdrawals_on_by: enabled ? actor.admin.id : null,
    };
    await trx.updateTable('api_keys').set(next).where('id', '=', keyId).execute();
    await recordAudit(
      trx,
      actor,
      {
        action: 'apiKey.withdrawals',
        targetType: 'api_key',
        targetId: keyId,
        targetLabel: `${row.prefix}… of ${email}`,
        before: { withdrawals: row.withdrawals_on_at !== null },
        after: { withdrawals: enabled },
      },
      now,
    );
    const event = {
      kind: 'keyWithdrawals',
      prefix: row.prefix,
      createdAt: Number(row.created_at),
      on: enabled,
    } as const;
    await securityMail(trx, ctx, email, event, null, now);
    return { message, key: toApiKey({ ...row, ...next }) };
  });
}

/** The withdrawal calls a key may make only once an owner turned them on for it (ADR 0091). */
export function requireKeyWithdrawals(key: Pick<KeyRow, 'withdrawals_on_at'>): void {
  if (key.withdrawals_on_at === null) {
    throw new ApiError('forbidden', RESELLER_MSG.keyWithdrawalsOff);
  }
}

/**
 * Revokes every active key of a user inside `trx` (a password reset, a block; ADR 0033):
 * answers how many. A revoked key never works again, whatever happens to the account after.
 */
export async function revokeAllApiKeys(trx: Db, userId: string, now: number): Promise<number> {
  const rows = await trx
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length;
}

/**
 * The customer and key of an `X-Api-Key` header: 401 for an unknown or revoked key, 423 for a
 * blocked customer, and the key's own per-minute limit counted (429 past it). The key and its
 * owner are read together on every call, never kept: a revocation (by the owner, a reset, a
 * block) committed on any instance ends the key from the next request on (ADR 0033).
 */
export async function authenticateKey(
  ctx: AppContext,
  header: unknown,
): Promise<{ user: UserRow; key: KeyRow }> {
  const invalid = new ApiError('unauthorized', RESELLER_MSG.keyInvalid);
  if (typeof header !== 'string') throw invalid;
  const key = header.trim();
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 100) throw invalid;
  const found = await ctx.db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .selectAll('users')
    .select([
      'api_keys.id as key_id',
      'api_keys.name as key_name',
      'api_keys.prefix as key_prefix',
      'api_keys.key_hash as key_hash',
      'api_keys.rate_limit as key_rate_limit',
      'api_keys.created_at as key_created_at',
      'api_keys.last_used_at as key_last_used_at',
      'api_keys.revoked_at as key_revoked_at',
      'api_keys.withdrawals_on_at as key_withdrawals_on_at',
      'api_keys.withdrawals_on_by as key_withdrawals_on_by',
    ])
    .where('api_keys.key_hash', '=', keyHash(ctx.config.jwtSecret, key))
    .where('api_keys.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!found) throw invalid;
  const {
    key_id: id,
    key_name: name,
    key_prefix: prefix,
    key_hash: hash,
    key_rate_limit: rateLimit,
    key_created_at: createdAt,
    key_last_used_at: lastUsedAt,
    key_revoked_at: revokedAt,
    key_withdrawals_on_at: withdrawalsOnAt,
    key_withdrawals_on_by: withdrawalsOnBy,
    ...user
  } = found;
  const row: KeyRow = {
    id,
    user_id: user.id,
    name,
    prefix,
    key_hash: hash,
    rate_limit: rateLimit,
    created_at: createdAt,
    last_used_at: lastUsedAt,
    revoked_at: revokedAt,
    withdrawals_on_at: withdrawalsOnAt,
    withdrawals_on_by: withdrawalsOnBy,
  };
  if (Number(user.is_blocked) === 1) throw new ApiError('blocked', SERVER_MSG.accountBlocked);
  if (!ctx.config.limits.off) {
    await limit(ctx.db, counterKey('apikey', row.id), {
      max: Number(row.rate_limit),
      windowMs: 60_000,
    });
  }
  const now = Date.now();
  if (row.last_used_at === null || now - Number(row.last_used_at) > LAST_USED_TOUCH_MS) {
    await ctx.db
      .updateTable('api_keys')
      .set({ last_used_at: now })
      .where('id', '=', row.id)
      .execute();
    row.last_used_at = now;
  }
  return { user, key: row };
}

/** The key a request is made with, as it was read when the request began. */
export type KeyCaller = Pick<KeyRow, 'id' | 'withdrawals_on_at'>;

const callers = new AsyncLocalStorage<KeyCaller>();

/** Runs a request's work as made with a key: the purchase it creates records the key. */
export const withApiKey = <T>(key: KeyCaller, fn: () => Promise<T>) =>
  callers.run({ id: key.id, withdrawals_on_at: key.withdrawals_on_at }, fn);

/** The key the running request was made with, if any. */
export const currentApiKey = (): KeyCaller | null => callers.getStore() ?? null;

export const currentApiKeyId = (): string | null => currentApiKey()?.id ?? null;
