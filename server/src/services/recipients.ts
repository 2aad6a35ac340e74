/**
 * Saved and recent recipients (issue 17). Saved ones are the customer's own rows (every query
 * is scoped by user id; another customer's id answers 404, never someone else's row), at most
 * LIMITS.savedRecipients; saving the same destination again renames it. Recent ones are read
 * from the customer's latest purchases (the transactions_user_created index, at most
 * LIMITS.recentRecipientsScan rows), so they need no table of their own.
 */
import { randomUUID } from 'node:crypto';
import {
  LIMITS,
  RECIPIENT_PRODUCTS,
  recentRecipients,
  recipientKey,
  SERVER_MSG,
  type Recipient,
  type Recipients,
} from '@contract';
import type { Selectable } from 'kysely';
import type { AppContext } from '../context.ts';
import type { RecipientsTable } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import type { UserRow } from './users.ts';

function toRecipient(row: Selectable<RecipientsTable>): Recipient {
  return {
    id: row.id,
    product: row.product as Recipient['product'],
    destination: row.destination,
    service_id: row.service_id,
    variation_code: row.variation_code === '' ? null : (row.variation_code as 'prepaid'),
    name: row.name,
    last_used: Number(row.updated_at),
  };
}

export async function listRecipients(ctx: AppContext, user: UserRow): Promise<Recipients> {
  const [saved, txs] = await Promise.all([
    ctx.db
      .selectFrom('recipients')
      .selectAll()
      .where('user_id', '=', user.id)
      .orderBy('updated_at', 'desc')
      .orderBy('id')
      .limit(LIMITS.savedRecipients)
      .execute(),
    ctx.db
      .selectFrom('transactions')
      .select([
        'product',
        'status',
        'created_at',
        'service_id',
        'plan_id',
        'transaction_phone',
        'account_id',
        'smart_card_number',
        'meter_number',
      ])
      .where('user_id', '=', user.id)
      .where('deleted', '=', 0)
      .where('product', 'in', [...RECIPIENT_PRODUCTS])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(LIMITS.recentRecipientsScan)
      .execute(),
  ]);
  const savedList = saved.map(toRecipient);
  const savedKeys = new Set(savedList.map(recipientKey));
  const recent = recentRecipients(
    txs.map((t) => ({
      ...t,
      date: Number(t.created_at),
      // Electricity rows keep the meter type in plan_id (services/purchases.ts).
      variation_code:
        t.product === 'Electricity' && (t.plan_id === 'prepaid' || t.plan_id === 'postpaid')
          ? t.plan_id
          : null,
    })),
  ).filter((r) => !savedKeys.has(recipientKey(r)));
  return { saved: savedList, recent };
}

export async function saveRecipient(
  ctx: AppContext,
  user: UserRow,
  body: {
    product: Recipient['product'];
    destination: string;
    service_id: string;
    variation_code?: 'prepaid' | 'postpaid';
    name: string;
  },
): Promise<Recipient> {
  const now = Date.now();
  const variation = body.product === 'Electricity' ? (body.variation_code ?? '') : '';
  return ctx.dbh.writeTx(async (trx) => {
    const existing = await trx
      .selectFrom('recipients')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('product', '=', body.product)
      .where('destination', '=', body.destination)
      .where('service_id', '=', body.service_id)
      .where('variation_code', '=', variation)
      .executeTakeFirst();
    if (existing) {
      await trx
        .updateTable('recipients')
        .set({ name: body.name, updated_at: now })
        .where('id', '=', existing.id)
        .where('user_id', '=', user.id)
        .execute();
      return toRecipient({ ...existing, name: body.name, updated_at: now });
    }
    // Counted inside the write transaction (SQLite: BEGIN IMMEDIATE; PostgreSQL: the user's
    // row is locked first), so two saves at once cannot pass the limit together.
    await trx.updateTable('users').set({ id: user.id }).where('id', '=', user.id).execute();
    const { count } = await trx
      .selectFrom('recipients')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    if (Number(count) >= LIMITS.savedRecipients) {
      throw new ApiError('conflict', SERVER_MSG.recipientsFull(LIMITS.savedRecipients));
    }
    const row = {
      id: randomUUID(),
      user_id: user.id,
      product: body.product,
      destination: body.destination,
      service_id: body.service_id,
      variation_code: variation,
      name: body.name,
      created_at: now,
      updated_at: now,
    };
    await trx.insertInto('recipients').values(row).execute();
    return toRecipient(row);
  });
}

export async function deleteRecipient(ctx: AppContext, user: UserRow, id: string) {
  const result = await ctx.db
    .deleteFrom('recipients')
    .where('id', '=', id)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) {
    throw new ApiError('not_found', SERVER_MSG.recipientNotFound);
  }
  return SERVER_MSG.recipientDeleted;
}
