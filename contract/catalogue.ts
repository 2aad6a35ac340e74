import type {
  BillVariation,
  Catalogue,
  DataPlan,
  DataVariation,
  ElectricityVariation,
  Network,
  PricedPlan,
} from './entities';
import type { Kobo } from './money';
import { NAIRA } from './pricing';

/**
 * The seed catalogue (decisions §9): real Nigerian products with 2025 prices, in kobo.
 * Shared reference data: the server seeds its database from it and the mocks copy it, so both
 * sell the same plans under the same ids. Pure data: ids are stable (stories, tests and saved
 * coupons refer to them), names are what the screens show, `plan_id` is the provider's
 * variation code. Prices change often in Nigeria; admins reprice through `product.edit`.
 *
 * Network ids: the four mobile networks sell airtime and data. SPECTRANET and SMILE BUNDLES
 * sell data only, to an account id, so their data variations carry their own network ids
 * (`spectranet`, `smile`) that are deliberately NOT in `networks` (no airtime to sell).
 */

const naira = (amount: number): Kobo => amount * NAIRA;

// ── Mobile networks (airtime) ─────────────────────────────────────────────────

/** Airtime discount for wallet purchases (spec §9): the usual VTU reseller margins. */
export const NETWORKS: Network[] = [
  { id: 'mtn', name: 'MTN', service_id: 'mtn', wallet_percent_off: 2 },
  { id: 'glo', name: 'GLO', service_id: 'glo', wallet_percent_off: 3 },
  { id: 'airtel', name: 'AIRTEL', service_id: 'airtel', wallet_percent_off: 3 },
  { id: '9mobile', name: '9MOBILE', service_id: 'etisalat', wallet_percent_off: 4 },
];

/** Network ids of the account-id data providers (not airtime networks). */
export const SPECTRANET_NETWORK_ID = 'spectranet';
export const SMILE_NETWORK_ID = 'smile';

// ── Data ──────────────────────────────────────────────────────────────────────

/**
 * `[id suffix, display name, naira, provider code]`: the id is `<service>-<suffix>` (ours,
 * stable: coupons and saved plans refer to it); the code is VTpass's `variation_code`, from
 * its `service-variations` list as the documentation shows it (ADR 0044). The catalogue sync
 * stores the provider's own price per plan as our cost; the naira here is our selling price.
 */
type PlanRow = readonly [suffix: string, name: string, price: number, code: string];

function dataPlans(serviceId: string, rows: readonly PlanRow[]): DataPlan[] {
  return rows.map(([suffix, name, price, code]) => ({
    id: `${serviceId}-${suffix}`,
    plan_id: code,
    name,
    wallet_price: naira(price),
  }));
}

function dataVariation(
  name: string,
  networkId: string,
  serviceId: string,
  rows: readonly PlanRow[],
  requiresAccountId = false,
): DataVariation {
  return {
    id: serviceId,
    name,
    network_id: networkId,
    service_id: serviceId,
    requires_account_id: requiresAccountId,
    plans: dataPlans(serviceId, rows),
  };
}

/**
 * The plans VTpass sells, as its pages list them (server/src/providers/simulators/vtpass-catalogue.ts
 * cites each): vtpass.com/documentation/mtn-data/, glo-data-api/, 9mobile-data-api/,
 * smile-network-payment-api-2/; Airtel's codes as public integrations copy VTpass's list
 * (its page could not be read). Sold at VTpass's face value: the margin on data is VTpass's
 * commission. Spectranet publishes no codes we could read: its plans keep our own codes and
 * are sold through the second float's simulator in the sandbox (ADR 0044).
 */
export const DATA: DataVariation[] = [
  dataVariation('MTN', 'mtn', 'mtn-data', [
    ['100mb-1d', '100MB - 1 day', 100, 'mtn-10mb-100'],
    ['200mb-2d', '200MB - 2 days', 200, 'mtn-50mb-200'],
    ['2-5gb-2d', '2.5GB - 2 days', 600, 'mtn-2-5gb-600'],
    ['3gb-2d', '3GB - 2 days', 800, 'mtn-3gb-800'],
    ['1-5gb-30d', '1.5GB - 30 days', 1_000, 'mtn-100mb-1000'],
    ['3gb-30d', '3GB - 30 days', 1_500, 'mtn-3gb-1500'],
    ['6gb-7d', '6GB - 7 days', 1_500, 'mtn-20hrs-1500'],
    ['4-5gb-30d', '4.5GB - 30 days', 2_000, 'mtn-500mb-2000'],
    ['7gb-7d', '7GB - 7 days', 2_000, 'mtn-7gb-2000'],
    ['6gb-30d', '6GB - 30 days', 2_500, 'mtn-3gb-2500'],
    ['8gb-30d', '8GB - 30 days', 3_000, 'mtn-data-3000'],
    ['10gb-30d', '10GB - 30 days', 3_500, 'mtn-1gb-3500'],
    ['15gb-30d', '15GB - 30 days', 5_000, 'mtn-100hr-5000'],
    ['20gb-30d', '20GB - 30 days', 6_000, 'mtn-3gb-6000'],
    ['40gb-30d', '40GB - 30 days', 10_000, 'mtn-40gb-10000'],
    ['75gb-30d', '75GB - 30 days', 15_000, 'mtn-75gb-15000'],
  ]),
  dataVariation('GLO', 'glo', 'glo-data', [
    ['105mb-2d', '105MB - 2 days', 100, 'glo100'],
    ['350mb-4d', '350MB - 4 days', 200, 'glo200'],
    ['1-05gb-14d', '1.05GB - 14 days', 500, 'glo500'],
    ['2-5gb-30d', '2.5GB - 30 days', 1_000, 'glo1000'],
    ['5-8gb-30d', '5.8GB - 30 days', 2_000, 'glo2000'],
    ['7-7gb-30d', '7.7GB - 30 days', 2_500, 'glo2500'],
    ['10gb-30d', '10GB - 30 days', 3_000, 'glo3000'],
    ['13-25gb-30d', '13.25GB - 30 days', 4_000, 'glo4000'],
  ]),
  dataVariation('AIRTEL', 'airtel', 'airtel-data', [
    ['75mb-1d', '75MB - 1 day', 100, 'airt-100'],
    ['200mb-3d', '200MB - 3 days', 200, 'airt-200'],
    ['350mb-7d', '350MB - 7 days', 300, 'airt-300'],
    ['750mb-14d', '750MB - 14 days', 500, 'airt-500'],
    ['1-5gb-30d', '1.5GB - 30 days', 1_000, 'airt-1000'],
    ['3gb-30d', '3GB - 30 days', 1_500, 'airt-1500'],
    ['4-5gb-30d', '4.5GB - 30 days', 2_000, 'airt-2000'],
    ['8gb-30d', '8GB - 30 days', 3_000, 'airt-3000'],
    ['11gb-30d', '11GB - 30 days', 4_000, 'airt-4000'],
    ['15gb-30d', '15GB - 30 days', 5_000, 'airt-5000'],
  ]),
  dataVariation('9MOBILE', '9mobile', 'etisalat-data', [
    ['100mb-1d', '100MB - 1 day', 100, 'eti-100'],
    ['650mb-1d', '650MB - 1 day', 200, 'eti-200'],
    ['500mb-30d', '500MB - 30 days', 500, 'eti-500'],
    ['1-5gb-30d', '1.5GB - 30 days', 1_000, 'eti-1000'],
    ['4-5gb-30d', '4.5GB - 30 days', 2_000, 'eti-2000'],
    ['15gb-30d', '15GB - 30 days', 5_000, 'eti-5000'],
    ['40gb-30d', '40GB - 30 days', 10_000, 'eti-10000'],
  ]),
  dataVariation(
    'SPECTRANET',
    SPECTRANET_NETWORK_ID,
    'spectranet',
    [
      ['7gb-30d', 'Spectranet 7GB - 30 days', 5_000, 'spectranet-7gb-30d'],
      ['15gb-30d', 'Spectranet 15GB - 30 days', 10_000, 'spectranet-15gb-30d'],
      ['35gb-30d', 'Spectranet 35GB - 30 days', 20_000, 'spectranet-35gb-30d'],
      [
        'unlimited-lite-30d',
        'Spectranet Unlimited Lite - 30 days',
        25_000,
        'spectranet-unlimited-lite-30d',
      ],
      ['70gb-30d', 'Spectranet 70GB - 30 days', 35_000, 'spectranet-70gb-30d'],
      ['unlimited-30d', 'Spectranet Unlimited - 30 days', 45_000, 'spectranet-unlimited-30d'],
    ],
    true,
  ),
  dataVariation(
    'SMILE BUNDLES',
    SMILE_NETWORK_ID,
    'smile-direct',
    [
      ['2gb-midnite-7d', '2GB MidNite - 7 days', 1_020, '413'],
      ['voice-65-30d', 'SmileVoice ONLY 65 - 30 days', 510, '516'],
      ['voice-135-30d', 'SmileVoice ONLY 135 - 30 days', 1_020, '517'],
    ],
    true,
  ),
];

// ── Cable TV ──────────────────────────────────────────────────────────────────

function billVariation(
  id: string,
  name: string,
  feeNaira: number,
  rows: readonly PlanRow[],
): BillVariation {
  const plans: PricedPlan[] = rows.map(([suffix, planName, price, code]) => ({
    id: `${id}-${suffix}`,
    plan_id: code,
    name: planName,
    price: naira(price),
  }));
  return { id, name, service_id: id, wallet_convinience_fee: naira(feeNaira), plans };
}

/**
 * DStv and GOtv: MultiChoice prices from March 2025 (docs/domain.md), exact; each bouquet
 * under VTpass's code for it (dstv-subscription-api/, gotv-subscription-api/: `dstv79` is
 * Compact, `dstv7` Compact Plus, `dstv3` Premium; GOtv Smallie was GOtv Lite, `gotv-lite`).
 * VTpass lists no code for GOtv Supa, so it is not sold. StarTimes' codes are its bouquet
 * names (startimes-subscription-api/); Showmax's plans are VTpass's (showmax-subscription-api/).
 */
export const CABLETV: BillVariation[] = [
  billVariation('dstv', 'DStv', 100, [
    ['padi', 'DStv Padi', 4_400, 'dstv-padi'],
    ['yanga', 'DStv Yanga', 6_000, 'dstv-yanga'],
    ['confam', 'DStv Confam', 11_000, 'dstv-confam'],
    ['compact', 'DStv Compact', 19_000, 'dstv79'],
    ['compact-plus', 'DStv Compact Plus', 30_000, 'dstv7'],
    ['premium', 'DStv Premium', 44_500, 'dstv3'],
  ]),
  billVariation('gotv', 'GOtv', 100, [
    ['smallie', 'GOtv Smallie', 1_900, 'gotv-lite'],
    ['jinja', 'GOtv Jinja', 3_900, 'gotv-jinja'],
    ['jolli', 'GOtv Jolli', 5_800, 'gotv-jolli'],
    ['max', 'GOtv Max', 8_500, 'gotv-max'],
    ['supa-plus', 'GOtv Supa Plus', 16_800, 'gotv-supa-plus'],
  ]),
  billVariation('startimes', 'StarTimes', 100, [
    ['nova', 'StarTimes Nova', 2_100, 'nova'],
    ['basic', 'StarTimes Basic', 4_000, 'basic'],
    ['smart', 'StarTimes Smart', 5_100, 'smart'],
    ['classic', 'StarTimes Classic', 6_000, 'classic'],
    ['super', 'StarTimes Super', 9_800, 'super'],
  ]),
  billVariation('showmax', 'Showmax', 50, [
    ['sports-only', 'Showmax Sports Only', 3_200, 'sports-only-1'],
    ['mobile-only-3m', 'Showmax Mobile Only - 3 months', 3_800, 'mobile_only_3'],
    ['full-3m', 'Showmax Full - 3 months', 8_400, 'full_3'],
    ['mobile-only-6m', 'Showmax Mobile Only - 6 months', 6_700, 'mobile-only-6'],
  ]),
];

// ── Electricity ───────────────────────────────────────────────────────────────

/** The 12 distribution companies, by VTpass service id (docs/domain.md). */
export const DISCOS = [
  ['ikeja-electric', 'Ikeja Electric (IKEDC)'],
  ['eko-electric', 'Eko Electric (EKEDC)'],
  ['kano-electric', 'Kano Electric (KEDCO)'],
  ['portharcourt-electric', 'Port Harcourt Electric (PHED)'],
  ['jos-electric', 'Jos Electric (JED)'],
  ['ibadan-electric', 'Ibadan Electric (IBEDC)'],
  ['kaduna-electric', 'Kaduna Electric (KAEDCO)'],
  ['abuja-electric', 'Abuja Electric (AEDC)'],
  ['enugu-electric', 'Enugu Electric (EEDC)'],
  ['benin-electric', 'Benin Electric (BEDC)'],
  ['aba-electric', 'Aba Power (APLE)'],
  ['yola-electric', 'Yola Electric (YEDC)'],
] as const;

/** Fee percent under ₦1,000 (spec §9; ₦100 flat from ₦1,000 is in contract/pricing). */
const ELECTRICITY_FEE_PERCENT = 1.5;

export const ELECTRICITY: ElectricityVariation[] = DISCOS.flatMap(([serviceId, name]) =>
  (['prepaid', 'postpaid'] as const).map((code) => ({
    id: `${serviceId}-${code}`,
    name: `${name} ${code === 'prepaid' ? 'Prepaid' : 'Postpaid'}`,
    service_id: serviceId,
    variation_code: code,
    wallet_convinience_fee: ELECTRICITY_FEE_PERCENT,
  })),
);

// ── Education ─────────────────────────────────────────────────────────────────

/** Plan codes are VTpass's (`waecdirect`, `waec-registraion` sic, `utme`, `de`). */
export const EDUCATION: BillVariation[] = [
  {
    id: 'waec',
    name: 'WAEC Result Checker PIN',
    service_id: 'waec',
    wallet_convinience_fee: naira(50),
    plans: [
      {
        id: 'waec-result-checker',
        plan_id: 'waecdirect',
        name: 'WAEC Result Checker PIN',
        price: naira(900),
      },
    ],
  },
  {
    id: 'waec-registration',
    name: 'WAEC Registration PIN',
    service_id: 'waec-registration',
    wallet_convinience_fee: naira(100),
    plans: [
      {
        id: 'waec-registration-pin',
        plan_id: 'waec-registraion',
        name: 'WASSCE Registration PIN',
        price: naira(14_450),
      },
    ],
  },
  {
    id: 'jamb',
    name: 'JAMB PIN',
    service_id: 'jamb',
    wallet_convinience_fee: naira(100),
    plans: [
      { id: 'jamb-utme', plan_id: 'utme', name: 'JAMB UTME PIN', price: naira(4_700) },
      { id: 'jamb-de', plan_id: 'de', name: 'JAMB Direct Entry PIN', price: naira(4_700) },
    ],
  },
];

/** The whole seed catalogue: what `GET /api/product/all` answers on a fresh install. */
export const CATALOGUE: Catalogue = {
  networks: NETWORKS,
  data: DATA,
  cabletv: CABLETV,
  electricity: ELECTRICITY,
  education: EDUCATION,
};
