import { z } from '../zod';
import { Naira } from '../money';
import { EpochMs } from './core';

/** What is on sale: networks, plans and their variations. */

export const NetworkSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Airtime service id at the provider (mtn, glo, airtel, etisalat). */
  service_id: z.string(),
  /** Percent taken off airtime bought from the wallet (spec §9). */
  wallet_percent_off: z.number().check(z.gte(0), z.lte(100)),
});

export type Network = z.output<typeof NetworkSchema>;

/**
 * Why a catalogue sync flagged a plan (ADR 0044): the provider charges us more than we sell it
 * for (taken off sale until repriced), the provider no longer lists it (off sale), or the
 * provider lists it and we had not (added off sale until an admin prices it).
 */
export const SYNC_FLAGS = ['price_above_ours', 'not_at_provider', 'new'] as const;

export type SyncFlag = (typeof SYNC_FLAGS)[number];

/**
 * What the last catalogue sync learnt of a plan: only in the admin catalogue
 * (`GET /api/product/all`); customers' lists never carry our cost.
 */
const PlanSyncFields = {
  /** The provider's price, our cost; null until a sync saw the plan. */
  cost: z.optional(z.nullable(Naira)),
  /** The provider adapter that said it (`vtpass`, `flutterwave`, `sandbox-vt`…). */
  provider: z.optional(z.nullable(z.string())),
  synced_at: z.optional(z.nullable(EpochMs)),
  sync_flag: z.optional(z.nullable(z.enum(SYNC_FLAGS))),
};

export const DataPlanSchema = z.object({
  id: z.string(),
  plan_id: z.string(),
  name: z.string(),
  wallet_price: Naira,
  /** false once an admin removed the plan from sale (history keeps it). */
  on_sale: z.optional(z.boolean()),
  ...PlanSyncFields,
});

export type DataPlan = z.output<typeof DataPlanSchema>;

export const DataVariationSchema = z.object({
  id: z.string(),
  name: z.string(),
  network_id: z.string(),
  service_id: z.string(),
  /** SPECTRANET and SMILE BUNDLES are bought for an account id, not a phone (spec §5). */
  requires_account_id: z.boolean(),
  plans: z.array(DataPlanSchema),
});

export type DataVariation = z.output<typeof DataVariationSchema>;

export const PricedPlanSchema = z.object({
  id: z.string(),
  plan_id: z.string(),
  name: z.string(),
  price: Naira,
  /** false once an admin removed the plan from sale (history keeps it). */
  on_sale: z.optional(z.boolean()),
  ...PlanSyncFields,
});

export type PricedPlan = z.output<typeof PricedPlanSchema>;

/** Cable TV and education share a shape: a flat convenience fee per unit (spec §9). */
export const BillVariationSchema = z.object({
  id: z.string(),
  name: z.string(),
  service_id: z.string(),
  wallet_convinience_fee: Naira,
  plans: z.array(PricedPlanSchema),
});

export type BillVariation = z.output<typeof BillVariationSchema>;

export const CableVariationSchema = BillVariationSchema;

export const EducationVariationSchema = BillVariationSchema;

export const ElectricityVariationSchema = z.object({
  id: z.string(),
  name: z.string(),
  service_id: z.string(),
  variation_code: z.enum(['prepaid', 'postpaid']),
  /** A percent of the amount, charged under ₦1,000 (spec §9); flat ₦100 from ₦1,000. */
  wallet_convinience_fee: z.number().check(z.gte(0), z.lte(100)),
});

export type ElectricityVariation = z.output<typeof ElectricityVariationSchema>;

/** `GET /api/product/all` (admin): the whole catalogue in one answer. */
export const CatalogueSchema = z.object({
  networks: z.array(NetworkSchema),
  data: z.array(DataVariationSchema),
  cabletv: z.array(CableVariationSchema),
  electricity: z.array(ElectricityVariationSchema),
  education: z.array(EducationVariationSchema),
});

export type Catalogue = z.output<typeof CatalogueSchema>;
