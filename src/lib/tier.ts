import * as api from '@contract/api';
import type { PriceBreakdown } from '@contract/pricing';
import { tierPrice, type TierProduct } from '@contract/tiers';
import { useApiQuery } from './swr';

/** The signed-in customer's price tier (ADR 0027), shared by every purchase form. */
export const useMyTier = () => useApiQuery(api.myTier, {});

/**
 * `withTier(product, price)`: the customer's price of an item whose standard price is `price`,
 * by contract `tierPrice`, the function the server charges with. Until the tier is known (or
 * if it cannot be read) the standard price shows; the server prices from the tier anyway.
 */
export function useTierPrice() {
  const discounts = useMyTier().data?.message.discounts;
  return function withTier<P extends PriceBreakdown | undefined>(
    product: TierProduct,
    price: P,
  ): P {
    return (price ? tierPrice(product, price, discounts) : price) as P;
  };
}
