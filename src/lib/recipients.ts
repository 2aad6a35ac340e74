import * as api from '@contract/api';
import type { Recipient, RecipientProduct } from '@contract/entities';
import { useSession } from './session';
import { useApiQuery } from './swr';

/**
 * The customer's saved recipients and recent destinations (`GET /api/user/recipients`, issue
 * 17). Read by the overview (its "Buy again" row) and by every purchase form, so it lives in lib
 * like the current user (docs/decisions/0011). Purchases revalidate it.
 */
export function useRecipients() {
  const { tokens } = useSession();
  return useApiQuery(api.recipients, tokens ? {} : null);
}

/** Saved first, then recent, for one product. */
export function recipientsFor(
  data: { saved: Recipient[]; recent: Recipient[] } | undefined,
  product: RecipientProduct,
): Recipient[] {
  if (!data) return [];
  return [...data.saved, ...data.recent].filter((r) => r.product === product);
}

/** Query of a purchase page that opens with a recipient chosen (the overview's shortcuts). */
export const RECIPIENT_PARAM = 'recipient';

/** `?recipient=<saved id>` or, for a recent one, `?recipient=<destination>~<service id>`. */
export function recipientParam(r: Recipient): string {
  return r.id ?? [r.destination, r.service_id, r.variation_code ?? ''].join('~');
}

/** The recipient a page's `?recipient=` names, among the customer's. */
export function findRecipient(
  list: readonly Recipient[],
  param: string | null,
): Recipient | undefined {
  if (!param) return undefined;
  return list.find((r) => recipientParam(r) === param);
}
