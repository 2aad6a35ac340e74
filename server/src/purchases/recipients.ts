/**
 * Saved and recent recipients. Saved ones are the customer's own rows (every query is scoped by
 * user id; another customer's id answers 404, never someone else's row), at most
 * LIMITS.savedRecipients; saving the same destination again renames it. Recent ones are the
 * destinations of `recent_recipients` (migration 0032: each one's newest purchase still standing,
 * kept by triggers on `transactions`), the newest LIMITS.recentRecipients of each product read
 * by its index, so the read costs the same whatever the customer's history (ADR 0069).
 */
import { randomUUID } from 'node:crypto';
import {
  LIMITS,
  RECIPIENT_PRODUCTS,
  recipientKey,
  SERVER_MSG,
  type Recipient,
  type RecipientProduct,
  type Recipients,
} from '@contract';
import type { Selectable } from 'kysely';
import type { AppContext } from '../context.ts';
import { queryShape } from '../platform/db/query-shape.ts';
import type { RecipientsTable } from '../platform/db/schema.ts';
import { ApiError } from '../platform/http/errors.ts';
import type { UserRow } from '../accounts/users.ts';

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

const savedOf = queryShape((db, userId: string) =>
  db
    .selectFrom('recipients')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .limit(LIMITS.savedRecipients),
);

/** One product's newest destinations: a walk of `recent_recipients_user` to its LIMIT. */
const recentOf = queryShape((db, userId: string, product: string) =>
  db
    .selectFrom('recent_recipients')
    .select(['product', 'destination', 'service_id', 'variation_code', 'last_used', 'tx_id'])
    .where('user_id', '=', userId)
    .where('product', '=', product)
    .orderBy('last_used', 'desc')
    .orderBy('tx_id', 'desc')
    .limit(LIMITS.recentRecipients),
);

export async function listRecipients(ctx: AppContext, user: UserRow): Promise<Recipients> {
  const [saved, ...perProduct] = await Promise.all([
    savedOf(ctx.db, user.id),
    ...RECIPIENT_PRODUCTS.map((product) => recentOf(ctx.db, user.id, product)),
  ]);
  const savedList = saved.map(toRecipient);
  const savedKeys = new Set(savedList.map(recipientKey));
  // Newest purchase first across the products, as contract/recipients.ts's recentRecipients
  // lists them; at most LIMITS.recentRecipients of each before the saved ones are left out.
  const recent = perProduct
    .flat()
    .map((r) => ({ ...r, last_used: Number(r.last_used) }))
    .sort((a, b) =>
      a.last_used !== b.last_used
        ? b.last_used - a.last_used
        : a.tx_id < b.tx_id
          ? 1
          : a.tx_id > b.tx_id
            ? -1
            : 0,
    )
    .map((r): Recipient => ({
      id: null,
      product: r.product as RecipientProduct,
      destination: r.destination,
      service_id: r.service_id,
      variation_code: r.variation_code === '' ? null : (r.variation_code as 'prepaid'),
      name: null,
      last_used: r.last_used,
    }))
    .filter((r) => !savedKeys.has(recipientKey(r)));
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
