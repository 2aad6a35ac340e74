import type { Coupon, Product } from '@contract/entities';
import type { z } from '@contract/zod';
import type { SelectOption } from '@/components/ui/option-select';
import type { CouponDestination } from './coupon-tab';

/**
 * How a product's "Use Coupon" tab redeems its coupons (spec §2, §4), part of its
 * `ProductDefinition` (ADR 0061): `ProductScreen` feeds these to `CouponTab`. Types only, so
 * product-form.tsx can name them without a circle of imports.
 */
export type CouponRules<B> = {
  /** The screen the tab is on: a coupon for another product is refused. */
  screen: Product;
  /** The destination the coupon's product needs (none for WAEC pins). */
  destinationFor: (coupon: Coupon) => CouponDestination | null;
  /**
   * The product's contract form, fed with the coupon's fixed details, what was typed and what
   * was chosen (`choice`; '' when there is none). A coupon is already paid for: no balance.
   */
  parse: (
    coupon: Coupon,
    input: { destination: string; pin: string; chosen: string },
  ) => z.util.SafeParseResult<B>;
  /** For meters and smart cards: which biller to verify the number with. */
  verifyWith?: (
    coupon: Coupon,
    chosen: string,
  ) => { serviceId?: string; variationCode?: 'prepaid' | 'postpaid' };
  /**
   * A detail a coupon may lack that the customer then chooses (an electricity coupon sold
   * without its DisCo: decision 0013), shown as a select above the destination.
   */
  choice?: {
    /** The body field whose error it shows. */
    field: string;
    label: string;
    hint: string;
    placeholder: string;
    /** True when this coupon lacks it (the select is shown). */
    missing: (coupon: Coupon) => boolean;
    /** A hook: the options to choose from. */
    useOptions: () => readonly SelectOption[];
  };
};
