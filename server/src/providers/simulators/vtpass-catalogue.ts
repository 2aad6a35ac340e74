/**
 * What the VTpass simulator's `service-variations` answers, per service id: VTpass's own
 * variation codes, names and prices as their documentation shows them. Every
 * list names the page it was copied from. The search tool keeps only the opening of most
 * stored pages, so where a page was read through a verbatim copy kept in a public repository,
 * the comment says so; the URL cited is still VTpass's own page.
 *
 * Gaps (no page or copy showing the codes could be found): `spectranet` has no list (every
 * purchase of it answers 010, as VTpass would for a code it does not have; the sandbox sells
 * Spectranet through the second float's simulator, ADR 0044); `airtel-data` comes from copies
 * of VTpass's list in public integrations, not the page itself; `glo-data`, `etisalat-data` and `smile-direct` hold only the rows of the page's
 * opening. The operator adds rows with `setVariation` (catalogue-sync tests do too).
 */
import type { Kobo } from '@contract';
import type { VtuProduct } from '../types.ts';

export interface SimVariation {
  code: string;
  name: string;
  /** VTpass's `variation_amount`, in kobo (0 with `fixedPrice: false`: the amount sent). */
  amountKobo: Kobo;
  /** `fixedPrice: "Yes"`: VTpass charges this amount whatever amount is sent. */
  fixedPrice: boolean;
}

export interface SimService {
  /** `content.ServiceName` of the variations answer. */
  name: string;
  product: VtuProduct;
  /** `content.convinience_fee` as VTpass spells it. */
  convenienceFee: string;
  /** Amount limits in kobo (013 below, 017 above). */
  minKobo: Kobo;
  maxKobo: Kobo;
  /** The page the list (or the service) comes from. */
  source: string;
  variations: SimVariation[];
}

const DOCS = 'https://www.vtpass.com/documentation';
export const VTPASS_PAGES = {
  /** Links the "Service ID API" (`GET /services?identifier=`) and the airtime pages. */
  buyingServices: `${DOCS}/buying-services/`,
  variationCodes: `${DOCS}/variation-codes/`,
  mtnData: `${DOCS}/mtn-data/`,
  gloData: `${DOCS}/glo-data-api/`,
  nineMobileData: `${DOCS}/9mobile-data-api/`,
  smile: `${DOCS}/smile-network-payment-api-2/`,
  dstv: `${DOCS}/dstv-subscription-api/`,
  gotv: `${DOCS}/gotv-subscription-api/`,
  startimes: `${DOCS}/startimes-subscription-api/`,
  showmax: `${DOCS}/showmax-subscription-api/`,
  waec: `${DOCS}/waec-result-checker-api/`,
  /** The page the public summary of the WAEC registration API names as its source. */
  integratingApi: `${DOCS}/integrating-api/`,
  jamb: `${DOCS}/jamb-pin-vending-api/`,
  ikeja: `${DOCS}/ikedc-ikeja-electricity-distribution-company-payment-api/`,
} as const;

const NAIRA = 100;

/** `[variation_code, name, variation_amount in naira]` as the page shows them. */
type Row = readonly [code: string, name: string, naira: number];

const fixed = (rows: readonly Row[]): SimVariation[] =>
  rows.map(([code, name, naira]) => ({ code, name, amountKobo: naira * NAIRA, fixedPrice: true }));

/**
 * Data limits: `minimium_amount` / `maximum_amount` (sic) of the services answer
 * (`GET /services?identifier=data`, VTPASS_PAGES.buyingServices, read through the verbatim copy of
 * the data pages in maxi-musz/nestjs-payflex `src/vtpass/data/data-docs.md`).
 */
const naira = (n: number): Kobo => n * NAIRA;

/**
 * Airtime and electricity limits are on no page read. They are set below the app's own
 * minimums (airtime ₦51, a coupon's ₦200) so the simulator never refuses what the app sells,
 * and at the data services' documented ₦1,000,000 maximum.
 */
const AIRTIME_LIMITS = { minKobo: naira(50), maxKobo: naira(1_000_000) };
const ELECTRICITY_LIMITS = { minKobo: naira(100), maxKobo: naira(1_000_000) };

function airtime(name: string): SimService {
  return {
    name,
    product: 'airtime',
    convenienceFee: '0 %',
    ...AIRTIME_LIMITS,
    source: VTPASS_PAGES.buyingServices,
    variations: [],
  };
}

/**
 * Electricity: no variation list, the meter type is the `variation_code` (`prepaid`,
 * `postpaid`) and the customer chooses the amount. The service ids and the two meter types are
 * on every disco page (e.g. VTPASS_PAGES.ikeja).
 */
function electricity(name: string): SimService {
  return {
    name,
    product: 'electricity',
    convenienceFee: '0 %',
    ...ELECTRICITY_LIMITS,
    source: VTPASS_PAGES.ikeja,
    variations: [
      { code: 'prepaid', name: 'Prepaid', amountKobo: 0, fixedPrice: false },
      { code: 'postpaid', name: 'Postpaid', amountKobo: 0, fixedPrice: false },
    ],
  };
}

export const VTPASS_CATALOGUE: Readonly<Record<string, SimService>> = {
  mtn: airtime('MTN Airtime VTU'),
  glo: airtime('GLO Airtime VTU'),
  airtel: airtime('Airtel Airtime VTU'),
  etisalat: airtime('9mobile Airtime VTU'),

  // The page's "EXPECTED RESPONSE", read through the verbatim copy in maxi-musz/nestjs-payflex
  // `src/vtpass/data/data-docs.md` (commit 507d661). The page lists `mtn-xtratalk-300` twice
  // (₦300 weekly, then ₦200 for 3 days): the first row is kept, codes being unique.
  'mtn-data': {
    name: 'MTN Data',
    product: 'data',
    convenienceFee: '0 %',
    minKobo: naira(1),
    maxKobo: naira(1_000_000),
    source: VTPASS_PAGES.mtnData,
    variations: fixed([
      ['mtn-10mb-100', 'N100 100MB - 24 hrs', 100],
      ['mtn-50mb-200', 'N200 200MB - 2 days', 200],
      ['mtn-100mb-1000', 'N1000 1.5GB - 30 days', 1000],
      ['mtn-500mb-2000', 'N2000 4.5GB - 30 days', 2000],
      ['mtn-20hrs-1500', 'N1500 6GB - 7 days', 1500],
      ['mtn-3gb-2500', 'N2500 6GB - 30 days', 2500],
      ['mtn-data-3000', 'N3000 8GB - 30 days', 3000],
      ['mtn-1gb-3500', 'N3500 10GB - 30 days', 3500],
      ['mtn-100hr-5000', 'N5000 15GB - 30 days', 5000],
      ['mtn-3gb-6000', 'N6000 20GB - 30 days', 6000],
      ['mtn-40gb-10000', 'N10000 40GB - 30 days', 10000],
      ['mtn-75gb-15000', 'N15000 75GB - 30 days', 15000],
      ['mtn-110gb-20000', 'N20000 110GB - 30 days', 20000],
      ['mtn-3gb-1500', 'N1500 3GB - 30 days', 1500],
      ['mtn-25gb-sme-10000', 'MTN N10,000 25GB SME Mobile Data ( 1 Month)', 10000],
      ['mtn-165gb-sme-50000', 'MTN N50,000 165GB SME Mobile Data (2-Months)', 50000],
      ['mtn-360gb-sme-100000', 'MTN N100,000 360GB SME Mobile Data (3 Months)', 100000],
      ['mtn-4-5tb-450000', 'MTN N450,000 4.5TB Mobile Data (1 Year)', 450000],
      ['mtn-1tb-110000', 'MTN N100,000 1TB Mobile Data (1 Year)', 100000],
      ['mtn-2-5gb-600', 'MTN N600 2.5GB - 2 days', 600],
      ['mtn-120gb-22000', 'MTN N22000 120GB Monthly Plan + 80mins', 22000],
      ['mtn-100gb-20000', 'MTN 100GB 2-Month Plan', 20000],
      ['mtn-160gb-30000', 'MTN N30,000 160GB 2-Month Plan', 30000],
      ['mtn-400gb-50000', 'MTN N50,000 400GB 3-Month Plan', 50000],
      ['mtn-600gb-75000', 'MTN N75,000 600GB 3-Months Plan', 75000],
      ['mtn-xtratalk-300', 'MTN N300 Xtratalk Weekly Bundle', 300],
      ['mtn-xtratalk-500', 'MTN N500 Xtratalk Weekly Bundle', 500],
      ['mtn-xtratalk-1000', 'MTN N1000 Xtratalk Monthly Bundle', 1000],
      ['mtn-xtratalk-2000', 'MTN N2000 Xtratalk Monthly Bundle', 2000],
      ['mtn-xtratalk-5000', 'MTN N5000 Xtratalk Monthly Bundle', 5000],
      ['mtn-xtratalk-10000', 'MTN N10000 Xtratalk Monthly Bundle', 10000],
      ['mtn-xtratalk-15000', 'MTN N15000 Xtratalk Monthly Bundle', 15000],
      ['mtn-xtratalk-20000', 'MTN N20000 Xtratalk Monthly Bundle', 20000],
      ['mtn-3gb-800', 'MTN N800 3GB - 2 days', 800],
      ['mtn-7gb-2000', 'MTN N2000 7GB - 7 days', 2000],
      ['mtn-xtradata-200', 'MTN N200 Xtradata', 200],
    ]),
  },

  // The opening of the stored page (the list is cut after glo4000).
  'glo-data': {
    name: 'GLO Data',
    product: 'data',
    convenienceFee: '0 %',
    minKobo: naira(1),
    maxKobo: naira(200_000),
    source: VTPASS_PAGES.gloData,
    variations: fixed([
      ['glo100', 'Glo Data N100 -  105MB - 2 day', 100],
      ['glo200', 'Glo Data N200 -  350MB - 4 days', 200],
      ['glo500', 'Glo Data N500 -  1.05GB - 14 days', 500],
      ['glo1000', 'Glo Data N1000 -  2.5GB - 30 days', 1000],
      ['glo2000', 'Glo Data N2000 -  5.8GB - 30 days', 2000],
      ['glo2500', 'Glo Data N2500 -  7.7GB - 30 days', 2500],
      ['glo3000', 'Glo Data N3000 -  10GB - 30 days', 3000],
      ['glo4000', 'Glo Data N4000 -  13.25GB - 30 days', 4000],
    ]),
  },

  // No page or verbatim copy with Airtel's codes was found (public integrations use `airt-…`
  // codes without a documented source): left empty, see the header.
  // VTpass's airtel-data page could not be read here. The codes below are VTpass's list as
  // public integrations copy it from `service-variations?serviceID=airtel-data` (the code
  // search finds the same `airt-<naira>` codes, names and amounts in several independent
  // repositories, e.g. "Airtel Data Bundle - 1,000 Naira - 1.5GB - 30 Days" for airt-1000):
  // a weaker source than VTpass's own page, so kept to the rows those copies agree on.
  'airtel-data': {
    name: 'Airtel Data',
    product: 'data',
    convenienceFee: '0 %',
    minKobo: naira(1),
    maxKobo: naira(1_000_000),
    source: VTPASS_PAGES.buyingServices,
    variations: fixed([
      ['airt-100', 'Airtel Data Bundle - 100 Naira - 75MB - 1Day', 100],
      ['airt-200', 'Airtel Data Bundle - 200 Naira - 200MB - 3Days', 200],
      ['airt-300', 'Airtel Data Bundle - 300 Naira - 350MB - 7 Days', 300],
      ['airt-500', 'Airtel Data Bundle - 500 Naira - 750MB - 14 Days', 500],
      ['airt-1000', 'Airtel Data Bundle - 1,000 Naira - 1.5GB - 30 Days', 1000],
      ['airt-1500', 'Airtel Data Bundle - 1,500 Naira - 3GB - 30 Days', 1500],
      ['airt-2000', 'Airtel Data Bundle - 2,000 Naira - 4.5GB - 30 Days', 2000],
      ['airt-3000', 'Airtel Data Bundle - 3,000 Naira - 8GB - 30 Days', 3000],
      ['airt-4000', 'Airtel Data Bundle - 4,000 Naira - 11GB - 30 Days', 4000],
      ['airt-5000', 'Airtel Data Bundle - 5,000 Naira - 15GB - 30 Days', 5000],
    ]),
  },

  // The opening of the stored page (eti-10000's amount is cut; its name says 10000 Naira).
  'etisalat-data': {
    name: '9mobile Data',
    product: 'data',
    convenienceFee: '0 %',
    minKobo: naira(1),
    maxKobo: naira(1_000_000),
    source: VTPASS_PAGES.nineMobileData,
    variations: fixed([
      ['eti-100', '9mobile Data - 100 Naira - 100MB - 1 day', 100],
      ['eti-200', '9mobile Data - 200 Naira - 650MB - 1 day', 200],
      ['eti-500', '9mobile Data - 500 Naira - 500MB - 30 Days', 500],
      ['eti-1000', '9mobile Data - 1000 Naira - 1.5GB - 30 days', 1000],
      ['eti-2000', '9mobile Data - 2000 Naira - 4.5GB Data - 30 Days', 2000],
      ['eti-5000', '9mobile Data - 5000 Naira - 15GB Data - 30 Days', 5000],
      ['eti-10000', '9mobile Data - 10000 Naira - 40GB - 30 days', 10000],
    ]),
  },

  // Listed by the services answer (₦1 to ₦100,000); no variation list found.
  spectranet: {
    name: 'Spectranet Internet Data',
    product: 'data',
    convenienceFee: 'N0',
    minKobo: naira(1),
    maxKobo: naira(100_000),
    source: VTPASS_PAGES.buyingServices,
    variations: [],
  },

  // The opening of the stored page (also the variation-codes-update webhook page's example).
  'smile-direct': {
    name: 'Smile Payment',
    product: 'data',
    convenienceFee: 'N0',
    minKobo: naira(100),
    maxKobo: naira(150_000),
    source: VTPASS_PAGES.smile,
    variations: fixed([
      ['516', 'SmileVoice ONLY 65 for 30days - 510 Naira', 510],
      ['413', '2GB MidNite for 7days - 1,020 Naira', 1020],
      ['517', 'SmileVoice ONLY 135 for 30days - 1,020 Naira', 1020],
    ]),
  },

  // "[UPDATED] DSTV Subscription Payment API", read through a verbatim copy of the page kept
  // in a public repository. The main bouquets and their ExtraView / Showmax combinations; the
  // page lists some 40 more (add-ons, streaming, Prestige), which the operator adds as needed.
  dstv: {
    name: 'DSTV Subscription',
    product: 'cabletv',
    convenienceFee: 'N0',
    minKobo: naira(1),
    maxKobo: naira(1_000_000),
    source: VTPASS_PAGES.dstv,
    variations: fixed([
      ['dstv-padi', 'DStv Padi N1,850', 1850],
      ['dstv-yanga', 'DStv Yanga N2,565', 2565],
      ['dstv-confam', 'Dstv Confam N4,615', 4615],
      ['dstv79', 'DStv  Compact N7900', 7900],
      ['dstv3', 'DStv Premium N18,400', 18400],
      ['dstv6', 'DStv Asia N6,200', 6200],
      ['dstv7', 'DStv Compact Plus N12,400', 12400],
      ['dstv9', 'DStv Premium-French N25,550', 25550],
      ['dstv10', 'DStv Premium-Asia N20,500', 20500],
      ['confam-extra', 'DStv Confam + ExtraView N7,115', 7115],
      ['yanga-extra', 'DStv Yanga + ExtraView N5,065', 5065],
      ['padi-extra', 'DStv Padi + ExtraView N4,350', 4350],
      ['com-asia', 'DStv Compact + Asia N14,100', 14100],
      ['dstv30', 'DStv Compact + Extra View N10,400', 10400],
      ['dstv33', 'DStv Premium - Extra View N20,900', 20900],
      ['dstv45', 'DStv Compact Plus - Extra View N14,900', 14900],
      ['dstv-yanga-showmax', 'DStv Yanga + Showmax N6,550', 6550],
      ['dstv-confam-showmax', 'Dstv Confam + Showmax N10,750', 10750],
      ['dstv-compact-showmax', 'DStv  Compact + Showmax N17,150', 17150],
      ['dstv-padi-showmax', 'DStv Padi + Showmax N7,100', 7100],
      ['dstv-premium-showmax', 'DStv Premium + Showmax N37,000', 37000],
      ['dstv-access-1', 'DStv Access N2000', 2000],
      ['dstv-family-1', 'DStv Family', 4000],
      ['dstv-mobile-1', 'DSTV MOBILE N790', 790],
      ['showmax3500', 'Showmax Standalone - N3,500', 3500],
    ]),
  },

  // "[UPDATED] GOTV Subscription Payment API", read through a verbatim copy kept in a public
  // repository (its whole list). The generic variation-codes page shows an older example
  // (`gotv-lite` N400, `gotv-value` N1250); the product page's list is the one kept.
  gotv: {
    name: 'Gotv Payment',
    product: 'cabletv',
    convenienceFee: 'N0',
    minKobo: naira(1),
    maxKobo: naira(1_000_000),
    source: VTPASS_PAGES.gotv,
    variations: fixed([
      ['gotv-lite', 'GOtv Lite N410', 410],
      ['gotv-max', 'GOtv Max N3,600', 3600],
      ['gotv-jolli', 'GOtv Jolli N2,460', 2460],
      ['gotv-jinja', 'GOtv Jinja N1,640', 1640],
      ['gotv-lite-3months', 'GOtv Lite (3 Months) N1,080', 1080],
      ['gotv-lite-1year', 'GOtv Lite (1 Year) N3,180', 3180],
      ['gotv-supa-plus', 'GOtv Supa Plus - monthly N15,700', 15700],
    ]),
  },

  // Read through the verbatim copy in maxi-musz/nestjs-payflex
  // `src/vtpass/cable/cable-docs/startimes-doc.md`. Its `ewallet` row ("ewallet Amount",
  // ₦0.00) tops up a Startimes e-wallet by any amount and is left out: not a bouquet.
  startimes: {
    name: 'Startimes Subscription',
    product: 'cabletv',
    convenienceFee: 'N0',
    minKobo: naira(1),
    maxKobo: naira(1_000_000),
    source: VTPASS_PAGES.startimes,
    variations: fixed([
      ['nova', 'Nova - 900 Naira - 1 Month', 900],
      ['basic', 'Basic - 1,700 Naira - 1 Month', 1700],
      ['smart', 'Smart - 2,200 Naira - 1 Month', 2200],
      ['classic', 'Classic - 2,500 Naira - 1 Month', 2500],
      ['super', 'Super - 4,200 Naira - 1 Month', 4200],
      ['nova-weekly', 'Nova - 300 Naira - 1 Week', 300],
      ['basic-weekly', 'Basic - 600 Naira - 1 Week', 600],
      ['smart-weekly', 'Smart - 700 Naira - 1 Week', 700],
      ['classic-weekly', 'Classic - 1200 Naira - 1 Week ', 1200],
      ['super-weekly', 'Super - 1,500 Naira - 1 Week', 1500],
      ['nova-daily', 'Nova - 90 Naira - 1 Day', 90],
      ['basic-daily', 'Basic - 160 Naira - 1 Day', 160],
      ['smart-daily', 'Smart - 200 Naira - 1 Day', 200],
      ['classic-daily', 'Classic - 320 Naira - 1 Day ', 320],
      ['super-daily', 'Super - 400 Naira - 1 Day', 400],
      ['uni-1', 'Chinese (Dish) - 19,000 Naira - 1 month', 19000],
      ['uni-2', 'Nova (Antenna) - 1,900 Naira - 1 Month', 1900],
      ['special-weekly', 'Classic (Dish) - 2300 Naira - 1 Week', 2300],
      ['special-monthly', 'Classic (Dish) - 6800 Naira - 1 Month', 6800],
      ['nova-dish-weekly', 'Nova (Dish) - 650 Naira - 1 Week', 650],
      ['super-antenna-weekly', 'Super (Antenna) - 3,000 Naira - 1 Week', 3000],
      ['super-antenna-monthly', 'Super (Antenna) - 8,800 Naira - 1 Month', 8800],
      ['global-monthly-dish', 'Global (Dish) - 19000 Naira - 1 Month', 19000],
      ['global-weekly-dish', 'Global (Dish) - 6500 Naira - 1Week', 6500],
    ]),
  },

  // Read through the verbatim copy in maxi-musz/nestjs-payflex
  // `src/vtpass/cable/cable-docs/showmax-docs.md` (the whole list).
  showmax: {
    name: 'ShowMax',
    product: 'cabletv',
    convenienceFee: '0 %',
    minKobo: naira(1),
    maxKobo: naira(1_000_000),
    source: VTPASS_PAGES.showmax,
    variations: fixed([
      ['full_3', 'Full - N8,400 - 3 Months', 8400],
      ['mobile_only_3', 'Mobile Only - N3,800 - 3 Months', 3800],
      ['sports_mobile_only_3', 'Sports Mobile Only - N12,000 - 3 Months', 12000],
      ['sports-only-1', 'Sports Only - N3,200', 3200],
      ['sports-only-3', 'Sports Only 3 months - N9,600', 9600],
      ['full-sports-mobile-only-3', 'Full Sports Mobile Only - 3 months - N16,200', 16200],
      ['mobile-only-6', 'Mobile Only - N6,700 - 6 Months', 6700],
      ['full-only-6', 'Full - 6 months - 14,700', 14700],
      ['full-sports-mobile-only-6', 'Full Sports Mobile Only - 6 months - N32,400', 32400],
      ['sports-mobile-only-6', 'Sports Mobile Only - 6 months - N24,000', 24000],
      ['sports-only-6', 'Sports Only - 6 months - N18,200', 18200],
    ]),
  },

  // "WAEC Result Checker API", read through a verbatim copy kept in a public repository (the
  // page shows one row, then "...").
  waec: {
    name: 'WAEC Result Checker PIN',
    product: 'education',
    convenienceFee: 'N0.00',
    minKobo: naira(1),
    maxKobo: naira(1_000_000),
    source: VTPASS_PAGES.waec,
    variations: fixed([['waecdirect', 'WASSCE', 900]]),
  },

  // Not read on VTpass's page itself: a public summary of vtpass.com/documentation (a
  // repository's "VTPass API Integration Reference") shows this row; the code's spelling
  // (`registraion`, sic) matches the seed catalogue and domain.md's ₦14,450.
  'waec-registration': {
    name: 'WAEC Registration PIN',
    product: 'education',
    convenienceFee: 'N0.00',
    minKobo: naira(1),
    maxKobo: naira(1_000_000),
    source: VTPASS_PAGES.integratingApi,
    variations: fixed([['waec-registraion', 'WASSCE for Private Candidates', 14450]]),
  },

  // "JAMB PIN VENDING API": the stored copies of the page disagree. Some show `utme` and `de`
  // (₦4,700 each, in the `varations` spelling), a newer verbatim copy in a public repository
  // shows `utme-mock` and `utme-no-mock`. All four are kept until the operator's own
  // service-variations answer says which one VTpass sells today.
  jamb: {
    name: 'Jamb',
    product: 'education',
    convenienceFee: '0 %',
    minKobo: naira(1),
    maxKobo: naira(1_000_000),
    source: VTPASS_PAGES.jamb,
    variations: fixed([
      ['utme', 'UTME', 4700],
      ['de', 'Direct Entry (DE)', 4700],
      ['utme-mock', 'UTME PIN (with mock)', 7700],
      ['utme-no-mock', 'UTME PIN (without mock)', 6200],
    ]),
  },

  'ikeja-electric': electricity('Ikeja Electric Payment - IKEDC'),
  'eko-electric': electricity('Eko Electric Payment - EKEDC'),
  'kano-electric': electricity('KEDCO - Kano Electric'),
  'portharcourt-electric': electricity('PHED - Port Harcourt Electric'),
  'jos-electric': electricity('Jos Electric - JED'),
  'ibadan-electric': electricity('IBEDC - Ibadan Electricity Distribution Company'),
  'kaduna-electric': electricity('Kaduna Electric - KAEDCO'),
  'abuja-electric': electricity('Abuja Electricity Distribution Company- AEDC'),
  'enugu-electric': electricity('Enugu Electric - EEDC'),
  'benin-electric': electricity('Benin Electricity - BEDC'),
  'aba-electric': electricity('Aba Electric Payment - ABEDC'),
  'yola-electric': electricity('Yola Electric Disco Payment - YEDC'),
};
