/** One transaction row as the API answers it (spec §3), for the lists, purchases and the statement. */
import {
  bearerItemsOf,
  maskBearerField,
  TriedProviderSchema,
  type AdminTransaction,
  type ProviderAnswer,
  type Transaction,
  type TriedProvider,
} from '@contract';
import { failureSentence } from '@contract/failure-reasons';
import { customerPlanName } from '@contract/plan-names';
import { z } from '@contract/zod';
import type { Selectable } from 'kysely';
import type { TransactionsTable } from '../platform/db/schema.ts';
import { failureReasonOf, providerAnswerOf } from '../providers/failure-reason.ts';

const opt = <T>(v: T | null): T | undefined => (v === null ? undefined : v);

export function toTransaction(row: Selectable<TransactionsTable>, email: string): Transaction {
  return {
    transaction_id: row.id,
    user: email,
    user_id: row.user_id,
    date: Number(row.created_at),
    product: row.product as Transaction['product'],
    value: Number(row.value),
    status: row.status as Transaction['status'],
    direction: row.direction,
    amountCharged: Number(row.amount_charged),
    balance_before: Number(row.balance_before),
    balance_after: Number(row.balance_after),
    service_id: opt(row.service_id),
    plan: customerPlanName(row.product, opt(row.plan)),
    transaction_phone: opt(row.transaction_phone),
    meter_number: opt(row.meter_number),
    customerName: opt(row.customer_name),
    quantity: row.quantity === null ? undefined : Number(row.quantity),
    smart_card_number: opt(row.smart_card_number),
    account_id: opt(row.account_id),
    token: opt(row.token),
    exchangeReference: opt(row.exchange_reference),
    units: opt(row.units),
    purchased_code: opt(row.purchased_code),
    counterparty: opt(row.counterparty),
    coupon_code: opt(row.coupon_code),
    response_msg: customerMessage(row),
  };
}

const PURCHASES: readonly string[] = ['Airtime', 'Data', 'CableTV', 'Electricity', 'Education'];

/**
 * What a customer reads in `response_msg` (ADR 0074): a failed purchase's plain sentence for
 * its reason ("MTN could not complete this top-up."), never the provider's code or words; a
 * share's own message (ours); nothing else (a provider's "TRANSACTION SUCCESSFUL" tells the
 * customer nothing the status does not).
 */
function customerMessage(row: Selectable<TransactionsTable>): string | undefined {
  if (row.product === 'Transfer') return opt(row.response_msg);
  if (!PURCHASES.includes(row.product)) return undefined;
  if (row.status !== 'failed' && row.status !== 'reversed') return undefined;
  return failureSentence(failureReasonOf(row.provider, row.response_msg), row);
}

/** The record's `providers_tried` (JSON); null if absent or not that list. */
function triedOf(text: string | null): TriedProvider[] | null {
  if (!text) return null;
  try {
    const tried = z.array(TriedProviderSchema).safeParse(JSON.parse(text));
    return tried.success ? tried.data : null;
  } catch {
    return null;
  }
}

const masked = (value: string | undefined) => (value ? maskBearerField(value) : undefined);

/**
 * The admin's view of the same row: with the providers the purchase tried (ADR 0052). A
 * record that does not read as that list shows none rather than failing the admin's page.
 * Its coupon codes, token and exam pins are masked, each listed in `secrets` for the reveal
 * that shows one with a reason (ADR 0071): bearer secrets are not staff data.
 */
export function toAdminTransaction(
  row: Selectable<TransactionsTable>,
  email: string,
): AdminTransaction {
  const tx = toTransaction(row, email);
  return {
    ...tx,
    token: masked(tx.token),
    purchased_code: masked(tx.purchased_code),
    coupon_code: masked(tx.coupon_code),
    // The admin reads the plan as stored, the provider's own name (ADR 0077).
    plan: opt(row.plan),
    // The admin reads the provider's own words (ADR 0074).
    response_msg: opt(row.response_msg),
    providers_tried: triedOf(row.providers_tried),
    secrets: bearerItemsOf(tx),
    provider_answer: providerAnswer(row),
  };
}

/** The provider's last answer, split into code and words, and how often it was requeried. */
function providerAnswer(row: Selectable<TransactionsTable>): ProviderAnswer | null {
  if (!row.provider || !PURCHASES.includes(row.product)) return null;
  const words = providerAnswerOf(row.provider, row.response_msg);
  return words ? { ...words, requery_attempts: Number(row.requery_attempts) } : null;
}
