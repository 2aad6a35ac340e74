/**
 * The default VTU provider: simulated in-process (decisions §2), with realistic answers
 * (tokens, units, pins). The outcome is chosen by the last four digits of the destination
 * (`billersCode ?? phone`), so every path of the purchase flow can be exercised by hand:
 *
 * | ending | purchase answers                     | requery answers |
 * |--------|--------------------------------------|-----------------|
 * | 0000   | failed at once                       | failed          |
 * | 1111   | pending                              | successful      |
 * | 2222   | pending                              | failed          |
 * | 3333   | timeout (pending, `raw.timeout`)     | successful      |
 * | 4444   | malformed body (pending)             | successful      |
 * | other  | successful                           | successful      |
 *
 * `verifyCustomer` knows every number of 6–20 digits except those ending in `9999` (answers
 * `null`, like VTpass's `WrongBillersCode`).
 */
import { CABLETV, DATA, EDUCATION, ELECTRICITY } from '@contract/catalogue';
import type { CustomerLookup, Kobo } from '@contract';
import type {
  ProviderOutcome,
  PurchaseRequest,
  Variation,
  VerifyCustomerRequest,
  VtuProvider,
} from './types.ts';
import {
  type KeyValueStore,
  memoryStore,
  pending,
  randomDigits,
  sleep,
  timeoutOutcome,
} from './util.ts';

export type SandboxScenario =
  | 'fail'
  | 'pending-then-success'
  | 'pending-then-fail'
  | 'timeout-then-success'
  | 'malformed-then-success'
  | 'success';

/** The scenario a destination number selects (its last four digits). */
export function sandboxScenario(destination: string): SandboxScenario {
  switch (destination.trim().slice(-4)) {
    case '0000':
      return 'fail';
    case '1111':
      return 'pending-then-success';
    case '2222':
      return 'pending-then-fail';
    case '3333':
      return 'timeout-then-success';
    case '4444':
      return 'malformed-then-success';
    default:
      return 'success';
  }
}

/** What the sandbox remembers per request_id (persistable: plain JSON). */
export interface SandboxRecord {
  requestId: string;
  scenario: SandboxScenario;
  /** The answer of the first purchase call. */
  first: ProviderOutcome;
  /** What every requery answers. */
  final: ProviderOutcome;
  /** Kobo taken from the simulated float once `final` is successful. */
  cost: Kobo;
}

export interface SandboxOptions {
  /** Provider name stored on transactions (`sandbox-vt`, `sandbox-flutterwave`). */
  name?: string;
  /** Starting float in kobo (VT ₦2,500,000.00 by default). */
  float?: Kobo;
  /** No simulated latency (benchmarks, tests). */
  instant?: boolean;
  /** Simulated latency range in ms when not instant (default 50–150). */
  delayMs?: { min: number; max: number };
  /** Requery memory; defaults to an in-memory Map (lost on restart). */
  store?: KeyValueStore<SandboxRecord>;
  now?: () => Date;
}

export const SANDBOX_VT_FLOAT: Kobo = 2_500_000_00;
export const SANDBOX_FLUTTERWAVE_FLOAT: Kobo = 1_200_000_00;

/** Band A tariff (₦/kWh, 2025) used to turn a prepaid amount into units. */
const TARIFF_KOBO_PER_KWH = 209_50;

const NAMES = [
  'ADEBAYO OLUWASEUN',
  'CHUKWUEMEKA NWOSU',
  'FATIMA BELLO',
  'NGOZI OKAFOR',
  'IBRAHIM MUSA',
  'FUNMILAYO ADEYEMI',
  'EMEKA OBI',
  'AISHA ABUBAKAR',
];
const STREETS = [
  '12 Allen Avenue, Ikeja, Lagos',
  '5 Aba Road, Port Harcourt',
  '23 Ahmadu Bello Way, Kaduna',
  '8 Ogui Road, Enugu',
  '41 Ring Road, Ibadan',
  '3 Aminu Kano Crescent, Wuse II, Abuja',
];

function pick<T>(list: readonly T[], key: string): T {
  let sum = 0;
  for (const ch of key) sum = (sum * 31 + ch.charCodeAt(0)) % 1_000_003;
  return list[sum % list.length] as T;
}

function priceOf(serviceId: string, variationCode: string | undefined): Kobo | undefined {
  if (!variationCode) return undefined;
  for (const d of DATA) {
    if (d.service_id !== serviceId) continue;
    const plan = d.plans.find((p) => p.plan_id === variationCode);
    if (plan) return plan.wallet_price;
  }
  for (const b of [...CABLETV, ...EDUCATION]) {
    if (b.service_id !== serviceId) continue;
    const plan = b.plans.find((p) => p.plan_id === variationCode);
    if (plan) return plan.price;
  }
  return undefined;
}

function groupedToken(): string {
  return (randomDigits(20).match(/\d{4}/g) ?? []).join('-');
}

function successOutcome(req: PurchaseRequest, destination: string, now: Date): ProviderOutcome {
  const providerReference = `${now.getTime()}${randomDigits(8)}`;
  const base: ProviderOutcome = {
    status: 'successful',
    providerReference,
    message: 'TRANSACTION SUCCESSFUL',
  };
  const quantity = Math.max(1, Math.trunc(req.quantity ?? 1));
  switch (req.product) {
    case 'electricity': {
      const customerName = pick(NAMES, destination);
      const exchangeReference = randomDigits(13);
      if (req.variationCode === 'postpaid') return { ...base, customerName, exchangeReference };
      const units = ((req.amount ?? 0) / TARIFF_KOBO_PER_KWH).toFixed(1);
      return {
        ...base,
        customerName,
        exchangeReference,
        token: groupedToken(),
        units: `${units} kWh`,
      };
    }
    case 'education': {
      if (req.serviceId === 'jamb') return { ...base, purchasedCode: `Pin: ${randomDigits(16)}` };
      if (req.serviceId === 'waec-registration') {
        const tokens = Array.from({ length: quantity }, () => `Token: ${randomDigits(12)}`);
        return { ...base, purchasedCode: tokens.join('; ') };
      }
      const cards = Array.from(
        { length: quantity },
        () => `Serial: WRN${randomDigits(9)}, Pin: ${randomDigits(12)}`,
      );
      return { ...base, purchasedCode: cards.join('; ') };
    }
    case 'cabletv':
      return { ...base, customerName: pick(NAMES, destination) };
    case 'airtime':
    case 'data':
      return base;
  }
}

export interface SandboxVtuProvider extends VtuProvider {
  /** The record kept for a request_id (tests, support screens). */
  inspect(requestId: string): Promise<SandboxRecord | undefined>;
}

export function createSandboxProvider(options: SandboxOptions = {}): SandboxVtuProvider {
  const name = options.name ?? 'sandbox-vt';
  const store = options.store ?? memoryStore<SandboxRecord>();
  const now = options.now ?? (() => new Date());
  const range = options.delayMs ?? { min: 50, max: 150 };
  let float = options.float ?? SANDBOX_VT_FLOAT;

  async function latency(factor = 1): Promise<void> {
    if (options.instant) return;
    const ms = range.min + Math.random() * Math.max(0, range.max - range.min);
    await sleep(ms * factor);
  }

  function charge(record: SandboxRecord, outcome: ProviderOutcome): void {
    if (outcome.status === 'successful' && record.cost > 0) {
      float = Math.max(0, float - record.cost);
      record.cost = 0;
    }
  }

  async function requery(requestId: string): Promise<ProviderOutcome> {
    await latency();
    const record = await store.get(requestId);
    // Nothing was ever bought under this id here (or the in-memory store was lost on a
    // restart): like VTpass's 015, nothing was charged, so say failed and let it be reversed.
    if (!record) {
      return { status: 'failed', message: 'Unknown request_id (sandbox has no record of it).' };
    }
    charge(record, record.final);
    await store.set(requestId, record);
    return record.final;
  }

  return {
    name,

    async purchase(req) {
      const existing = await store.get(req.requestId);
      // request_id is the idempotency key: a retry gets the current answer, no new charge.
      if (existing) return requery(req.requestId);

      const destination = req.billersCode ?? req.phone;
      const scenario = sandboxScenario(destination);
      const success = successOutcome(req, destination, now());
      const failed: ProviderOutcome = { status: 'failed', message: 'TRANSACTION FAILED' };
      const perUnit = priceOf(req.serviceId, req.variationCode);
      const cost =
        req.amount ?? (perUnit === undefined ? 0 : perUnit * Math.max(1, req.quantity ?? 1));
      const processing = pending('TRANSACTION PROCESSING', { code: '099' });

      const plan: Record<SandboxScenario, [first: ProviderOutcome, final: ProviderOutcome]> = {
        fail: [failed, failed],
        'pending-then-success': [processing, success],
        'pending-then-fail': [processing, failed],
        'timeout-then-success': [timeoutOutcome(), success],
        'malformed-then-success': [
          pending('Malformed answer from the provider', {
            kind: 'malformed',
            text: '{"code":"000","content":{"transactions":{"status":"deliv',
          }),
          success,
        ],
        success: [success, success],
      };
      const [first, final] = plan[scenario];
      const record: SandboxRecord = { requestId: req.requestId, scenario, first, final, cost };
      charge(record, first);
      await store.set(req.requestId, record);

      // A timeout takes longer than a normal answer before the caller gives up.
      await latency(scenario === 'timeout-then-success' ? 4 : 1);
      return first;
    },

    requery,

    async verifyCustomer(req: VerifyCustomerRequest): Promise<CustomerLookup | null> {
      await latency();
      const number = req.customerNumber.trim();
      if (!/^\d{6,20}$/.test(number) || number.endsWith('9999')) return null;
      const customer_name = pick(NAMES, number);
      if (req.serviceId.endsWith('-electric')) {
        return {
          customer_name,
          address: pick(STREETS, number),
          meter_number: number,
          min_purchase_amount: 500_00,
        };
      }
      const tv = CABLETV.find((b) => b.service_id === req.serviceId);
      if (tv) {
        const due = new Date(now().getTime() + 10 * 24 * 60 * 60 * 1000);
        return {
          customer_name,
          current_bouquet: pick(tv.plans, number).name,
          due_date: due.toISOString().slice(0, 10),
        };
      }
      return { customer_name };
    },

    async balance() {
      await latency();
      return float;
    },

    async listVariations(serviceId): Promise<Variation[]> {
      await latency();
      const data = DATA.find((d) => d.service_id === serviceId);
      if (data) {
        return data.plans.map((p) => ({ code: p.plan_id, name: p.name, amount: p.wallet_price }));
      }
      const bill = [...CABLETV, ...EDUCATION].find((b) => b.service_id === serviceId);
      if (bill) return bill.plans.map((p) => ({ code: p.plan_id, name: p.name, amount: p.price }));
      return ELECTRICITY.filter((e) => e.service_id === serviceId).map((e) => ({
        code: e.variation_code,
        name: e.name,
        amount: 0,
      }));
    },

    inspect: async (requestId) => store.get(requestId),
  };
}
