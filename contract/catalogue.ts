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

/** `[id suffix, display name, naira]`; the id is `<service>-<suffix>`, also the plan code. */
type PlanRow = readonly [suffix: string, name: string, price: number];

function dataPlans(serviceId: string, rows: readonly PlanRow[]): DataPlan[] {
  return rows.map(([suffix, name, price]) => ({
    id: `${serviceId}-${suffix}`,
    plan_id: `${serviceId}-${suffix}`,
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

/** Post-February-2025 tariffs (the regulator approved a rise of up to 50 %). */
export const DATA: DataVariation[] = [
  dataVariation('MTN', 'mtn', 'mtn-data', [
    ['500mb-7d', '500MB - 7 days', 500],
    ['1gb-1d', '1GB - 1 day', 500],
    ['1-5gb-2d', '1.5GB - 2 days', 600],
    ['1gb-30d', '1GB - 30 days', 1_000],
    ['2gb-30d', '2GB - 30 days', 1_500],
    ['2-7gb-30d', '2.7GB - 30 days', 2_000],
    ['7gb-30d', '7GB - 30 days', 3_500],
    ['10gb-30d', '10GB - 30 days', 4_500],
    ['20gb-30d', '20GB - 30 days', 7_500],
    ['75gb-30d', '75GB - 30 days', 20_000],
  ]),
  dataVariation('GLO', 'glo', 'glo-data', [
    ['750mb-1d', '750MB - 1 day', 200],
    ['1-5gb-1d', '1.5GB - 1 day', 300],
    ['2-5gb-2d', '2.5GB - 2 days', 500],
    ['2-6gb-30d', '2.6GB - 30 days', 1_000],
    ['5gb-30d', '5GB - 30 days', 1_500],
    ['6-15gb-30d', '6.15GB - 30 days', 2_000],
    ['10gb-30d', '10GB - 30 days', 3_000],
    ['18-25gb-30d', '18.25GB - 30 days', 5_000],
    ['29-5gb-30d', '29.5GB - 30 days', 8_000],
  ]),
  dataVariation('AIRTEL', 'airtel', 'airtel-data', [
    ['150mb-1d', '150MB - 1 day', 100],
    ['1gb-1d', '1GB - 1 day', 500],
    ['1-5gb-2d', '1.5GB - 2 days', 600],
    ['2gb-30d', '2GB - 30 days', 1_500],
    ['3gb-30d', '3GB - 30 days', 2_000],
    ['4gb-30d', '4GB - 30 days', 2_500],
    ['8gb-30d', '8GB - 30 days', 3_000],
    ['10gb-30d', '10GB - 30 days', 4_000],
    ['18gb-30d', '18GB - 30 days', 6_000],
    ['35gb-30d', '35GB - 30 days', 10_000],
  ]),
  dataVariation('9MOBILE', '9mobile', 'etisalat-data', [
    ['100mb-1d', '100MB - 1 day', 100],
    ['650mb-3d', '650MB - 3 days', 500],
    ['1-5gb-30d', '1.5GB - 30 days', 1_500],
    ['2gb-30d', '2GB - 30 days', 1_800],
    ['4-5gb-30d', '4.5GB - 30 days', 3_000],
    ['11gb-30d', '11GB - 30 days', 6_000],
    ['15gb-30d', '15GB - 30 days', 7_500],
    ['40gb-30d', '40GB - 30 days', 15_000],
  ]),
  dataVariation(
    'SPECTRANET',
    SPECTRANET_NETWORK_ID,
    'spectranet',
    [
      ['7gb-30d', 'Spectranet 7GB - 30 days', 5_000],
      ['15gb-30d', 'Spectranet 15GB - 30 days', 10_000],
      ['35gb-30d', 'Spectranet 35GB - 30 days', 20_000],
      ['unlimited-lite-30d', 'Spectranet Unlimited Lite - 30 days', 25_000],
      ['70gb-30d', 'Spectranet 70GB - 30 days', 35_000],
      ['unlimited-30d', 'Spectranet Unlimited - 30 days', 45_000],
    ],
    true,
  ),
  dataVariation(
    'SMILE BUNDLES',
    SMILE_NETWORK_ID,
    'smile-direct',
    [
      ['1gb-flexidaily-1d', '1GB FlexiDaily - 1 day', 350],
      ['3gb-midnite-7d', '3GB MidNite - 7 days', 1_000],
      ['6-5gb-bigga-30d', '6.5GB Bigga - 30 days', 3_000],
      ['15gb-bigga-30d', '15GB Bigga - 30 days', 6_000],
      ['30gb-bigga-30d', '30GB Bigga - 30 days', 9_000],
      ['unlimited-lite-30d', 'UnlimitedLite - 30 days', 19_800],
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
  const plans: PricedPlan[] = rows.map(([suffix, planName, price]) => ({
    id: `${id}-${suffix}`,
    plan_id: `${id}-${suffix}`,
    name: planName,
    price: naira(price),
  }));
  return { id, name, service_id: id, wallet_convinience_fee: naira(feeNaira), plans };
}

/** DStv and GOtv: MultiChoice prices from March 2025 (docs/domain.md), exact. */
export const CABLETV: BillVariation[] = [
  billVariation('dstv', 'DStv', 100, [
    ['padi', 'DStv Padi', 4_400],
    ['yanga', 'DStv Yanga', 6_000],
    ['confam', 'DStv Confam', 11_000],
    ['compact', 'DStv Compact', 19_000],
    ['compact-plus', 'DStv Compact Plus', 30_000],
    ['premium', 'DStv Premium', 44_500],
  ]),
  billVariation('gotv', 'GOtv', 100, [
    ['smallie', 'GOtv Smallie', 1_900],
    ['jinja', 'GOtv Jinja', 3_900],
    ['jolli', 'GOtv Jolli', 5_800],
    ['max', 'GOtv Max', 8_500],
    ['supa', 'GOtv Supa', 11_400],
    ['supa-plus', 'GOtv Supa Plus', 16_800],
  ]),
  billVariation('startimes', 'StarTimes', 100, [
    ['nova', 'StarTimes Nova', 2_100],
    ['basic', 'StarTimes Basic', 4_000],
    ['smart', 'StarTimes Smart', 5_100],
    ['classic', 'StarTimes Classic', 6_000],
    ['super', 'StarTimes Super', 9_800],
  ]),
  billVariation('showmax', 'Showmax', 50, [
    ['mobile', 'Showmax Mobile', 1_600],
    ['entertainment', 'Showmax Entertainment', 3_500],
    ['pl-mobile', 'Showmax Premier League Mobile', 4_000],
    ['pro-mobile', 'Showmax Pro Mobile', 6_300],
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
