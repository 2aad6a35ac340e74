/**
 * Flutterwave bill payments (v3), simulated over HTTP: the live adapter
 * (`providers/flutterwave-bills.ts`) talks to this plugin exactly as to api.flutterwave.com
 * (ADR 0040). Paths, headers, envelopes and fields follow the pages cited
 * beside each answer; where the pages show no example, the answer says it is the simulator's
 * own (wording or code) rather than pretending to be Flutterwave's.
 *
 * Pages:
 * - guide: https://developer.flutterwave.com/docs/bill-payment (categories → billers → items,
 *   validate, pay, verify the status);
 * - categories: https://developer.flutterwave.com/reference/endpoints/bills/
 *   (`GET /v3/top-bill-categories?country=NG`);
 * - create: https://developer.flutterwave.com/reference/create-a-bill-payment and
 *   https://flutterwaveinc.mintlify.app/api-reference/bill-payments/create-a-bill-payment;
 * - status: https://developer.flutterwave.com/v3.0.0/reference/get-status-of-a-bill-payment and
 *   https://flutterwaveinc.mintlify.app/api-reference/bill-payments/get-a-bill-payment-status;
 * - validate: https://developer.flutterwave.com/reference/validate-bill-service;
 * - balance: https://developer.flutterwave.com/reference/endpoints/misc/;
 * - errors: https://developer.flutterwave.com/docs/integration-guides/errors (401, 400
 *   envelopes) and https://developer.flutterwave.com/docs/handling-error-timeouts (the 503).
 *
 * Outcomes follow the destination's last four digits, as the VTpass simulator's do:
 * 0000 refused, 1111 pending then successful, 2222 pending then
 * failed, 3333 a 503 timeout then successful, 4444 a cut body then successful, anything else
 * successful. Validation refuses numbers ending 9999. Every bill is kept in `store` under its
 * reference (a restart keeps the status answers), and so is the NGN balance.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { CABLETV, DATA, DISCOS, NETWORKS } from '@contract/catalogue';
import type { Kobo } from '@contract';
import {
  type KeyValueStore,
  memoryStore,
  randomDigits,
  safeEqual,
  sleep,
} from '../util.ts';
import {
  CUSTOMER_NAMES,
  type LastFourScenario,
  STREETS,
  lastFourScenario,
  oneAtATimePerKey,
  pick,
  storedTotal,
} from './outcomes.ts';
import { type SimulatorFault, type SimulatorFaults, createFaults } from './faults.ts';

/** Base URL = origin + this prefix; the paths below it are Flutterwave's (`/v3/...`). */
export const FLUTTERWAVE_SIMULATOR_PREFIX = '/flutterwave';

/**
 * The key the simulator accepts. Shaped like a Flutterwave test secret key (`FLWSECK_TEST-…-X`,
 * https://developer.flutterwave.com/docs/integration-guides/authentication/) so that nothing
 * mistakes it for a live one.
 */
export const SANDBOX_FLUTTERWAVE_SECRET = 'FLWSECK_TEST-sandbox0simulator0bills0000000-X';

/** The simulated NGN balance at first start (the spec's second float, ₦1,200,000.00). */
export const SIMULATOR_FLUTTERWAVE_FLOAT: Kobo = 1_200_000_00;

// ── Billers and items ─────────────────────────────────────────────────────────

type Category = 'AIRTIME' | 'MOBILEDATA' | 'CABLEBILLS' | 'INTSERVICE' | 'UTILITYBILLS';

/**
 * Category ids, codes and names of the categories example
 * (https://developer.flutterwave.com/reference/endpoints/bills/, top-bill-categories); only
 * those the catalogue sells are served.
 */
const CATEGORIES: readonly { id: number; name: string; code: Category }[] = [
  { id: 1, name: 'Airtime', code: 'AIRTIME' },
  { id: 2, name: 'Mobile Data Service', code: 'MOBILEDATA' },
  { id: 3, name: 'Cable Bill Payment', code: 'CABLEBILLS' },
  { id: 4, name: 'Internet Service', code: 'INTSERVICE' },
  { id: 5, name: 'Utility Bills', code: 'UTILITYBILLS' },
];

interface SimItem {
  item_code: string;
  name: string;
  /** 0: the customer chooses the amount (airtime, electricity). */
  amountKobo: Kobo;
  /**
   * false: accepted for validation and payment but left out of the item list, so the list
   * mirrors the catalogue's plans (what the sandbox's listVariations answered).
   */
  listed: boolean;
}

interface SimBiller {
  code: string;
  name: string;
  category: Category;
  serviceId: string;
  /** FLUTTERWAVE_BILLERS item of the service entry (validation item for TV, the VTU item). */
  serviceItem?: string;
  /** Electricity: `service/prepaid` and `service/postpaid` entries. */
  meterItems?: { prepaid: string; postpaid: string };
  items: Map<string, SimItem>;
}

/**
 * Codes the documentation itself shows (see providers/flutterwave-bills.ts):
 * - BIL099 / AT099: the create page's path defaults (airtime; developer.flutterwave.com/
 *   reference/create-a-bill-payment);
 * - BIL119 / CB141: the validate page's example answer (DStv); CB140: the mintlify create
 *   example's item (`POST /v3/billers/BIL119/items/CB140/payment`, "DSTV Payment", ₦1,800);
 * - BIL108: MTN data (developer.flutterwave.com/changelog/how-to-buy-data-bundles-on-flutterwave).
 * - MD142: "MTN 200 MB DATA BUNDLE" under BIL108 (the same changelog page's item list).
 * Every other biller code (`SIMBIL-…`) and item code (`SIMIT-…`) is the simulator's own, NOT
 * Flutterwave's: an operator reads the real ones from their account's billers and items.
 * Data and TV items have item codes of their own, not our (VTpass) plan codes, and names in
 * the shape of the changelog's items (`MTN 200 MB DATA BUNDLE`), at the catalogue's prices:
 * the catalogue sync matches them to our plans by size and validity or bouquet name (ADR
 * 0052), and a purchase that fails over here is sent the item's code. The documented names
 * state no validity (`MTN 200 MB DATA BUNDLE`, `MTN 750MB data top-up service`); a size
 * matches only under the same validity, so each SIMIT data item adds its plan's validity
 * after the documented shape (`MTN 1.5 GB DATA BUNDLE - 30 DAYS`, the simulator's own suffix)
 * and a failover here is sent a code that differs from ours. Spectranet's items keep our
 * codes: they are its only provider in the sandbox (ADR 0044), which lists no codes.
 */
const DOCUMENTED_CODES: Readonly<Record<string, string>> = {
  mtn: 'BIL099',
  'mtn-data': 'BIL108',
  dstv: 'BIL119',
};
const simBillerCode = (serviceId: string) =>
  DOCUMENTED_CODES[serviceId] ?? `SIMBIL-${serviceId.toUpperCase()}`;

/**
 * Items of the changelog's MTN data list at the size of a plan we sell (our name → its code),
 * named as documented. MD142 states no validity while our `200MB - 2 days` states one, so
 * the catalogue sync leaves it unmatched (plan-match.ts, ADR 0052): 200 MB is not sold through
 * the simulated Flutterwave unless an operator's FLUTTERWAVE_BILLERS `mtn-data/<plan>` entry
 * names it, as on the live service.
 */
const DOCUMENTED_ITEMS: Readonly<Record<string, { code: string; name: string }>> = {
  'mtn-data:200MB - 2 days': { code: 'MD142', name: 'MTN 200 MB DATA BUNDLE' },
};

/**
 * `1.5GB - 30 days` of MTN → `MTN 1.5 GB DATA BUNDLE - 30 DAYS`: the changelog's shape, then
 * the plan's validity (the simulator's own addition, which the matching needs: see above).
 */
function itemName(network: string, planName: string): string {
  const [what, validity] = planName.toUpperCase().split(' - ');
  const sized = (what as string).replace(/(\d)(MB|GB|TB)\b/, '$1 $2');
  return `${network.toUpperCase()} ${sized} DATA BUNDLE${validity ? ` - ${validity}` : ''}`;
}

/** The simulator's own item code for the n-th plan of a service (marked SIM…). */
const simItemCode = (serviceId: string, n: number) =>
  `SIMIT-${serviceId.toUpperCase()}-${String(n + 1).padStart(2, '0')}`;

const item = (item_code: string, name: string, amountKobo: Kobo, listed = true): SimItem => ({
  item_code,
  name,
  amountKobo,
  listed,
});

function buildBillers(): Map<string, SimBiller> {
  const out = new Map<string, SimBiller>();
  const add = (b: Omit<SimBiller, 'items'>, items: SimItem[]) =>
    out.set(b.code, { ...b, items: new Map(items.map((i) => [i.item_code, i])) });

  for (const network of NETWORKS) {
    const id = network.service_id;
    const code = simBillerCode(id);
    const vtu = id === 'mtn' ? 'AT099' : `SIMIT-${id.toUpperCase()}-VTU`;
    add(
      { code, name: `${network.name} VTU`, category: 'AIRTIME', serviceId: id, serviceItem: vtu },
      [item(vtu, `${network.name} VTU`, 0)],
    );
  }
  for (const data of DATA) {
    const id = data.service_id;
    add(
      {
        code: simBillerCode(id),
        name: `${data.name} DATA`,
        category: data.requires_account_id ? 'INTSERVICE' : 'MOBILEDATA',
        serviceId: id,
      },
      data.plans.map((p, n) => {
        if (id === 'spectranet') return item(p.plan_id, p.name, p.wallet_price);
        const documented = DOCUMENTED_ITEMS[`${id}:${p.name}`];
        return documented
          ? item(documented.code, documented.name, p.wallet_price)
          : item(
              simItemCode(id, n),
              itemName(data.name.split(' ')[0] as string, p.name),
              p.wallet_price,
            );
      }),
    );
  }
  for (const tv of CABLETV) {
    const id = tv.service_id;
    const validation = id === 'dstv' ? 'CB141' : `SIMIT-${id.toUpperCase()}`;
    const extra =
      id === 'dstv'
        ? [item('CB141', 'DSTV Payment', 0, false), item('CB140', 'DSTV Payment', 1_800_00, false)]
        : [item(validation, `${tv.name} Payment`, 0, false)];
    add(
      {
        code: simBillerCode(id),
        name: `${tv.name} Payment`,
        category: 'CABLEBILLS',
        serviceId: id,
        serviceItem: validation,
      },
      [
        ...tv.plans.map((p, n) => item(simItemCode(id, n), p.name.toUpperCase(), p.price)),
        ...extra,
      ],
    );
  }
  for (const [id, name] of DISCOS) {
    const base = `SIMIT-${id.toUpperCase()}`;
    const meterItems = { prepaid: `${base}-PREPAID`, postpaid: `${base}-POSTPAID` };
    add({ code: simBillerCode(id), name, category: 'UTILITYBILLS', serviceId: id, meterItems }, [
      item(meterItems.prepaid, `${name} Prepaid`, 0),
      item(meterItems.postpaid, `${name} Postpaid`, 0),
    ]);
  }
  return out;
}

/**
 * Our service ids → the simulator's codes, in FLUTTERWAVE_BILLERS syntax
 * (providers/flutterwave-bills.ts parseFlutterwaveBillers): every airtime, data, TV and
 * electricity service of contract/catalogue.ts.
 */
export const SIMULATOR_FLUTTERWAVE_BILLERS: string = [...buildBillers().values()]
  .flatMap((b) => {
    const head = `${b.serviceId}=${b.code}${b.serviceItem ? `/${b.serviceItem}` : ''}`;
    if (!b.meterItems) return [head];
    return [
      head,
      `${b.serviceId}/prepaid=${b.code}/${b.meterItems.prepaid}`,
      `${b.serviceId}/postpaid=${b.code}/${b.meterItems.postpaid}`,
    ];
  })
  .join(', ');

// ── Outcomes ──────────────────────────────────────────────────────────────────

type BillStatus = 'successful' | 'failed';

/** What the simulator keeps per reference (plain JSON: the server's store is its database). */
interface BillRecord {
  reference: string;
  billerCode: string;
  billerName: string;
  itemCode: string;
  customer: string;
  amountKobo: Kobo;
  scenario: LastFourScenario;
  /** What every status call answers (the create answer is decided by the scenario). */
  status: BillStatus;
  txRef: string;
  flwRef: string;
  batchId: number;
  token: string | null;
  createdAt: string;
}

const isRecord = (v: unknown): v is BillRecord =>
  typeof v === 'object' && v !== null && typeof (v as BillRecord).reference === 'string';

const billKey = (reference: string) => `bill:${reference}`;
const BALANCE_KEY = 'balance:NGN';

const naira = (kobo: Kobo) => Math.round(kobo) / 100;

/** `CF-FLYAPI-` + 14-digit time + 6 digits, the shape of the create example's `tx_ref`. */
function txRefAt(date: Date): string {
  const stamp = date.toISOString().replace(/\D/g, '').slice(0, 14);
  return `CF-FLYAPI-${stamp}${randomDigits(6)}`;
}

// ── Answers ───────────────────────────────────────────────────────────────────

/** The error envelope every Flutterwave error shares (errors page). */
const flwError = (message: string) => ({ status: 'error', message, data: null });

/** The documented 503 timeout body (handling-error-timeouts page). */
const TIMEOUT_BODY = flwError('An error occurred. Please contact support');

/** The errors page's 500 body: not the envelope (no `status`), as documented. */
const serverErrorBody = () => ({
  error_id: `ERRNO${randomDigits(9)}T${randomDigits(13)}`,
  message: 'Application error. Please contact support',
  code: 'app_error',
});

/** A fault's status without a body of its own: the documented body for that status. */
const faultBody = (status: number): unknown =>
  status === 503 ? TIMEOUT_BODY : status >= 500 ? serverErrorBody() : flwError('Bad request');

interface Answer {
  status: number;
  body: unknown;
}
const ok = (body: unknown): Answer => ({ status: 200, body });
const refuse = (status: number, message: string): Answer => ({ status, body: flwError(message) });

const CODE = /^[A-Za-z0-9_-]{1,40}$/;
const CUSTOMER = /^\+?\d{6,20}$/;
const MAX_REFERENCE = 100;
const MAX_CUSTOMER = 64;
const MAX_CALLBACK = 2_048;
/** Far above any bill: a guard against absurd numbers, not a Flutterwave limit. */
const MAX_AMOUNT_NAIRA = 10_000_000;

export interface FlutterwaveBillsSimulatorOptions {
  /** Bills and the balance; defaults to memory (lost on restart). */
  store?: KeyValueStore<unknown>;
  now?: () => Date;
  faults?: SimulatorFaults;
  /** The NGN balance before any bill (kept in `store` from then on). */
  float?: Kobo;
  secretKey?: string;
  /** No simulated latency (tests, benchmarks). */
  instant?: boolean;
}

export interface FlutterwaveBillsSimulator {
  /** Register with `{ prefix: FLUTTERWAVE_SIMULATOR_PREFIX }`. */
  plugin: FastifyPluginAsync;
  faults: SimulatorFaults;
  /** Adds or reprices an item of a biller's list (a catalogue sync test's provider side). */
  setItem(billerCode: string, item: { item_code: string; name: string; amountKobo: number }): void;
  removeItem(billerCode: string, itemCode: string): void;
  balance(): Promise<Kobo>;
}

export function createFlutterwaveBillsSimulator(
  o: FlutterwaveBillsSimulatorOptions = {},
): FlutterwaveBillsSimulator {
  const store = o.store ?? memoryStore<unknown>();
  const now = o.now ?? (() => new Date());
  const faults = o.faults ?? createFaults();
  const secret = o.secretKey ?? SANDBOX_FLUTTERWAVE_SECRET;
  const startFloat = o.float ?? SIMULATOR_FLUTTERWAVE_FLOAT;
  const billers = buildBillers();

  // Calls about one reference take turns, so two calls with one reference cannot both pay;
  // other references go ahead meanwhile, as on Flutterwave (ADR 0060). The balance
  // is checked and spent in one step, so two bills cannot both spend the same naira.
  const serial = oneAtATimePerKey();
  const ngn = storedTotal(store, BALANCE_KEY, startFloat);
  const balance = (): Promise<Kobo> => ngn.read();

  async function findBill(reference: string): Promise<BillRecord | undefined> {
    const stored = await store.get(billKey(reference));
    return isRecord(stored) ? stored : undefined;
  }

  // ── Handlers (each returns the normal answer; faults are applied around them) ──

  async function pay(
    billerCode: string,
    itemCode: string,
    body: Record<string, unknown>,
  ): Promise<Answer> {
    const biller = billers.get(billerCode);
    const it = biller?.items.get(itemCode);
    // The simulator's own wording: the pages show no example of these refusals.
    if (!biller) return refuse(400, 'Invalid biller code');
    if (!it) return refuse(400, 'Invalid item code');
    // Messages in the "<field> is required" pattern of the errors page's validation example.
    const { country, customer_id, amount, reference, callback_url } = body;
    if (typeof country !== 'string' || !country) return refuse(400, 'country is required');
    // Bill payments serve Nigerian billers only (the guide's "Only Nigerian Billers").
    if (country !== 'NG') return refuse(400, 'Only Nigerian billers are supported');
    if (typeof customer_id !== 'string' || !customer_id.trim()) {
      return refuse(400, 'customer_id is required');
    }
    if (customer_id.length > MAX_CUSTOMER) return refuse(400, 'customer_id is too long');
    if (amount === undefined || amount === null) return refuse(400, 'amount is required');
    if (
      typeof amount !== 'number' ||
      !Number.isFinite(amount) ||
      amount <= 0 ||
      amount > MAX_AMOUNT_NAIRA ||
      Math.abs(Math.round(amount * 100) - amount * 100) > 1e-6
    ) {
      return refuse(400, 'amount must be a positive amount in naira (at most 2 decimals)');
    }
    if (typeof reference !== 'string' || !reference) return refuse(400, 'reference is required');
    if (reference.length > MAX_REFERENCE) return refuse(400, 'reference is too long');
    if (
      callback_url !== undefined &&
      (typeof callback_url !== 'string' ||
        callback_url.length > MAX_CALLBACK ||
        !/^https?:\/\//.test(callback_url))
    ) {
      return refuse(400, 'callback_url must be a URL');
    }
    const amountKobo = Math.round(amount * 100);

    return serial(reference, async () => {
      // The pages show no duplicate-reference answer: a 409 in the error envelope, the
      // simulator's own, which the adapter reads as "ask the status" (pending).
      if (await findBill(reference)) return refuse(409, 'Duplicate reference');
      const scenario = lastFourScenario(customer_id);
      const status: BillStatus =
        scenario === 'fail' || scenario === 'pending-then-fail' ? 'failed' : 'successful';
      // The money leaves the balance when Flutterwave takes a bill that ends paid, whatever
      // the create call answered (a timeout or a cut answer can hide a paid bill). Checked
      // before anything is kept: a refusal leaves no bill (the simulator's wording).
      if (status === 'successful') {
        const spent = await ngn.move((now) => (amountKobo > now ? undefined : now - amountKobo));
        if (!spent) return refuse(400, 'Insufficient balance in your NGN wallet');
      }
      const date = now();
      const prepaid = biller.meterItems?.prepaid === it.item_code;
      const record: BillRecord = {
        reference,
        billerCode: biller.code,
        billerName: biller.name,
        itemCode: it.item_code,
        customer: customer_id,
        amountKobo,
        scenario,
        status,
        txRef: txRefAt(date),
        flwRef: randomDigits(12),
        batchId: Number(randomDigits(7)),
        // Electricity prepaid: the token the create answer's `recharge_token` carries.
        token: prepaid && status === 'successful' ? groupedToken() : null,
        createdAt: date.toISOString(),
      };
      await store.set(billKey(reference), record);
      return createAnswer(record);
    });
  }

  function createAnswer(record: BillRecord): Answer {
    // The create example's `data` (mintlify create-a-bill-payment), filled from the bill.
    const data = {
      phone_number: record.customer,
      amount: naira(record.amountKobo),
      network: record.billerName,
      code: '200',
      tx_ref: record.txRef,
      reference: record.flwRef,
      batch_reference: null,
      recharge_token: record.token,
      fee: 0,
    };
    switch (record.scenario) {
      case 'fail':
        // A refusal before any charge (400, the error envelope); the wording is our own.
        return refuse(400, 'Bill payment failed: the biller declined the request');
      case 'pending-then-success':
      case 'pending-then-fail':
        // The pages show no "processing" create answer: the documented envelope with a
        // `data.status` of pending and code 202 is the simulator's own.
        return ok({
          status: 'success',
          message: 'Bill payment is processing',
          data: { ...data, code: '202', recharge_token: null, status: 'pending' },
        });
      case 'timeout-then-success':
        return { status: 503, body: TIMEOUT_BODY };
      case 'malformed-then-success':
        return { status: 200, body: cut(JSON.stringify({ status: 'success', data })) };
      case 'success':
        return ok({ status: 'success', message: 'Bill payment successful', data });
    }
  }

  async function billStatus(reference: string, verbose: boolean): Promise<Answer> {
    const record = await findBill(reference);
    // The pages show no not-found answer for bills: the error envelope at 404, our wording.
    if (!record) return refuse(404, 'No bill payment found for this reference');
    // The status example (mintlify get-a-bill-payment-status), plus `status`, which
    // `verbose=1` adds (v3.0.0 get-status-of-a-bill-payment).
    const data: Record<string, unknown> = {
      currency: 'NGN',
      customer_id: record.customer,
      frequency: 'One Time',
      amount: naira(record.amountKobo).toFixed(2),
      fee: 0,
      product: record.billerName,
      product_name: record.billerName,
      commission: 0,
      transaction_date: record.createdAt,
      customer_reference: record.reference,
      country: 'NG',
      flw_ref: record.flwRef,
      tx_ref: record.txRef,
      batch_id: record.batchId,
      extra: record.token,
      product_details: `FLY-API-NG-${record.billerName}`,
    };
    if (verbose) data.status = record.status;
    return ok({ status: 'success', message: 'Bill status fetch successful', data });
  }

  function validate(itemCode: string, query: Record<string, unknown>): Answer {
    const code = typeof query.code === 'string' ? query.code : '';
    const customer = typeof query.customer === 'string' ? query.customer.trim() : '';
    if (!code) return refuse(400, 'code is required');
    if (!customer) return refuse(400, 'customer is required');
    const biller = billers.get(code);
    const it = biller?.items.get(itemCode);
    if (!biller) return refuse(400, 'Invalid biller code');
    if (!it) return refuse(400, 'Invalid item code');
    // A wrong number: a 400 in the error envelope (our wording), as the adapter expects.
    if (!CUSTOMER.test(customer) || customer.endsWith('9999')) {
      return refuse(400, 'Invalid customer details');
    }
    const meter = biller.category === 'UTILITYBILLS';
    // The validate example's answer (validate-bill-service), with a name from the number.
    return ok({
      status: 'success',
      message: 'Item validated successfully',
      data: {
        response_code: '00',
        address: meter ? pick(STREETS, customer) : null,
        response_message: 'Successful',
        name: pick(CUSTOMER_NAMES, customer),
        biller_code: biller.code,
        customer,
        product_code: it.item_code,
        email: null,
        fee: 0,
        maximum: 0,
        // A meter's least vend (₦500, as the sandbox told); the example's 0 elsewhere.
        minimum: meter ? 500 : 0,
      },
    });
  }

  function items(billerCode: string): Answer {
    const biller = billers.get(billerCode);
    if (!biller) return refuse(400, 'Invalid biller code');
    // The guide's step 1 fetches a biller's items (packages); the pages found show no example
    // answer, so only the fields the adapter reads (item_code, name, amount in naira) and the
    // biller_code are given, with a message of our own.
    const data = [...biller.items.values()]
      .filter((i) => i.listed)
      .map((i) => ({
        item_code: i.item_code,
        name: i.name,
        amount: naira(i.amountKobo),
        biller_code: biller.code,
      }));
    return ok({ status: 'success', message: 'Bill items fetched successfully', data });
  }

  async function balanceAnswer(currency: string): Promise<Answer> {
    // The misc page's example entry; only NGN holds money here.
    const amount = currency === 'NGN' ? naira(await balance()) : 0;
    return ok({
      status: 'success',
      message: 'Wallet balance fetched',
      data: { currency, available_balance: amount, ledger_balance: amount },
    });
  }

  // ── Transport: auth, latency, faults ──

  const hanging = new Set<() => void>();

  function authorised(req: FastifyRequest): boolean {
    const header = req.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer (.{1,200})$/.exec(header) : null;
    return Boolean(match && safeEqual(match[1] as string, secret));
  }

  /** A 4xx fault is a refusal: Flutterwave refused before doing anything (ADR 0040). */
  function refusalFault(fault: SimulatorFault | undefined): Answer | undefined {
    if (fault?.kind === 'status' && fault.status < 500) {
      return { status: fault.status, body: fault.body ?? faultBody(fault.status) };
    }
    if (fault?.kind === 'code') {
      const status = Number(fault.code);
      if (!(status >= 400 && status < 500)) return undefined;
      return refuse(status, fault.message ?? `Simulated HTTP ${fault.code}`);
    }
    return undefined;
  }

  async function serve(
    route: string,
    req: FastifyRequest,
    reply: FastifyReply,
    work: () => Answer | Promise<Answer>,
  ): Promise<FastifyReply> {
    // Authorization errors page: a missing or wrong secret key is a 401 in the envelope.
    if (!authorised(req)) return send(reply, refuse(401, 'Authorization required'));
    const fault = faults.take(route);
    if (faults.latencyMs > 0) await sleep(faults.latencyMs);
    if (!o.instant) await sleep(50 + Math.random() * 100);
    const refused = refusalFault(fault);
    if (refused) return send(reply, refused);
    // Otherwise the call happens as usual and the fault only changes how its answer travels.
    const answer = await work();
    switch (fault?.kind) {
      case undefined:
        return send(reply, answer);
      case 'slow':
        await sleep(fault.ms);
        return send(reply, answer);
      case 'hang':
        // Released (as the documented timeout) only when the simulator closes.
        await new Promise<void>((resolve) => hanging.add(resolve));
        return send(reply, { status: 503, body: TIMEOUT_BODY });
      case 'status':
        return send(reply, { status: fault.status, body: fault.body ?? faultBody(fault.status) });
      case 'code':
        return send(reply, {
          status: Number(fault.code) >= 500 ? Number(fault.code) : 503,
          body: flwError(fault.message ?? TIMEOUT_BODY.message),
        });
      case 'malformed':
        return send(reply, {
          status: 200,
          body: cut(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body)),
        });
    }
  }

  function send(reply: FastifyReply, answer: Answer): FastifyReply {
    reply.code(answer.status);
    if (typeof answer.body === 'string') {
      return reply.type('application/json; charset=utf-8').send(answer.body);
    }
    return reply.send(answer.body);
  }

  const plugin: FastifyPluginAsync = async (app) => {
    app.addHook('onClose', async () => {
      for (const release of hanging) release();
      hanging.clear();
    });
    // Unreadable or oversized bodies answer in Flutterwave's envelope, not Fastify's.
    app.setErrorHandler((error: { statusCode?: number; message: string }, _req, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
      if (status >= 500) return send(reply, { status, body: serverErrorBody() });
      return send(reply, refuse(status, error.message.slice(0, 200)));
    });
    app.setNotFoundHandler((_req, reply) => send(reply, refuse(404, 'Route not found')));

    const params = (req: FastifyRequest) => req.params as Record<string, string>;
    const query = (req: FastifyRequest) => (req.query ?? {}) as Record<string, unknown>;
    const badCode = (...codes: (string | undefined)[]) => codes.some((c) => !CODE.test(c ?? ''));

    app.get('/v3/top-bill-categories', (req, reply) =>
      serve('categories', req, reply, () => {
        const country = query(req).country;
        if (country !== undefined && country !== 'NG') {
          return ok({ status: 'success', message: 'Categories fetched successfully', data: [] });
        }
        return ok({
          status: 'success',
          message: 'Categories fetched successfully',
          data: CATEGORIES.map((c) => ({ ...c, description: c.name, country_code: 'NG' })),
        });
      }),
    );

    // The guide's step 1 ("query the billers API" with the category code); the pages we found
    // show no example answer, so only the fields the adapter's siblings use are given.
    app.get('/v3/billers', (req, reply) =>
      serve('categories', req, reply, () => {
        const category = query(req).category;
        if (typeof category !== 'string' || !category) return refuse(400, 'category is required');
        const data = [...billers.values()]
          .filter((b) => b.category === category)
          .map((b) => ({ name: b.name, biller_code: b.code, country_code: 'NG' }));
        return ok({ status: 'success', message: 'Billers fetched successfully', data });
      }),
    );

    app.get('/v3/billers/:biller_code/items', (req, reply) =>
      serve('items', req, reply, () => {
        const { biller_code } = params(req);
        return badCode(biller_code) ? refuse(400, 'Invalid biller code') : items(biller_code!);
      }),
    );

    app.get('/v3/bill-items/:item_code/validate', (req, reply) =>
      serve('validate', req, reply, () => {
        const { item_code } = params(req);
        return badCode(item_code)
          ? refuse(400, 'Invalid item code')
          : validate(item_code!, query(req));
      }),
    );

    app.post(
      '/v3/billers/:biller_code/items/:item_code/payment',
      { bodyLimit: 16 * 1024 },
      (req, reply) =>
        serve('payment', req, reply, () => {
          const { biller_code, item_code } = params(req);
          if (badCode(biller_code, item_code)) return refuse(400, 'Invalid biller or item code');
          const body = req.body;
          if (typeof body !== 'object' || body === null || Array.isArray(body)) {
            return refuse(400, 'country is required');
          }
          return pay(biller_code!, item_code!, body as Record<string, unknown>);
        }),
    );

    app.get('/v3/bills/:reference', (req, reply) =>
      serve('status', req, reply, () => {
        const { reference } = params(req);
        if (!reference || reference.length > MAX_REFERENCE) {
          return refuse(400, 'reference is invalid');
        }
        // Behind any payment still being decided (e.g. one whose answer the caller gave up
        // waiting for), so a status call never overtakes the bill it asks about.
        return serial(reference, () => billStatus(reference, String(query(req).verbose) === '1'));
      }),
    );

    app.get('/v3/balances/:currency', (req, reply) =>
      serve('balance', req, reply, () => {
        const currency = params(req).currency ?? '';
        if (!/^[A-Z]{3}$/.test(currency)) return refuse(400, 'Invalid currency');
        return balanceAnswer(currency);
      }),
    );

    // The misc page's list form (one entry per currency; NGN is the only one that moves).
    app.get('/v3/balances', (req, reply) =>
      serve('balance', req, reply, async () => {
        const ngn = naira(await balance());
        return ok({
          status: 'success',
          message: 'Wallet balances fetched',
          data: [{ currency: 'NGN', available_balance: ngn, ledger_balance: ngn }],
        });
      }),
    );
  };

  return {
    plugin,
    faults,
    setItem(billerCode, it) {
      const biller = billers.get(billerCode);
      if (!biller) throw new Error(`No simulated biller ${billerCode}.`);
      if (!CODE.test(it.item_code) || !Number.isSafeInteger(it.amountKobo) || it.amountKobo < 0) {
        throw new Error(`Bad simulated item ${it.item_code.slice(0, 60)}.`);
      }
      biller.items.set(it.item_code, item(it.item_code, it.name.slice(0, 100), it.amountKobo));
    },
    removeItem(billerCode, itemCode) {
      billers.get(billerCode)?.items.delete(itemCode);
    },
    balance,
  };
}

/** A 20-digit prepaid token in groups of four (the shape meters take). */
function groupedToken(): string {
  return (randomDigits(20).match(/\d{4}/g) ?? []).join('-');
}

/** A JSON text cut in the middle (the 4444 answer and the `malformed` fault). */
function cut(text: string): string {
  return text.slice(0, Math.max(1, Math.floor(text.length / 2)));
}
