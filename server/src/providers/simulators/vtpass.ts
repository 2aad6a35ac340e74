/**
 * A VTpass simulator (ADR 0043): a Fastify plugin serving VTpass's documented
 * HTTP API, so the live adapter (`providers/vtpass.ts`) runs unchanged against it. Paths,
 * headers, request rules, answer shapes and codes follow VTpass's public documentation; each
 * canned answer cites its page (VTPASS_PAGES in vtpass-catalogue.ts, or the page named).
 *
 * Outcomes: VTpass's documented sandbox numbers give their documented outcomes. Every other
 * destination (`billersCode`, else `phone`) keeps the in-process sandbox's behaviour, chosen by
 * its last four digits, so a new user's own number works:
 *
 * | ending | `/pay` answers                         | requery answers     |
 * |--------|----------------------------------------|---------------------|
 * | 0000   | 016 failed                             | failed              |
 * | 1111   | 099 processing (pending)               | delivered           |
 * | 2222   | 099 processing (pending)               | failed              |
 * | 3333   | nothing (slower than the caller waits; instant: the connection drops) | delivered |
 * | 4444   | a body cut in the middle of its JSON   | delivered           |
 * | other  | 000 delivered                          | delivered           |
 *
 * What the simulator remembers (purchases by request_id, the float) is plain JSON in `store`,
 * so it survives a restart when the server persists the store.
 */
import { randomInt } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Kobo } from '@contract';
import { type KeyValueStore, memoryStore, randomDigits, sleep } from '../util.ts';
import { VTPASS_CODES } from '../vtpass.ts';
import {
  CUSTOMER_NAMES,
  type LastFourScenario,
  STREETS,
  lastFourScenario,
  oneAtATimePerKey,
  pick,
  storedTotal,
} from './outcomes.ts';
import { createHangs } from './transport.ts';
import { type SimulatorFault, type SimulatorFaults, createFaults } from './faults.ts';
import { type SimService, type SimVariation, VTPASS_CATALOGUE } from './vtpass-catalogue.ts';

export const VTPASS_SIMULATOR_PREFIX = '/vtpass/api';

/** The simulator's fixed keys (a sandbox: nothing secret about them). */
export const SANDBOX_VTPASS_KEYS: { apiKey: string; publicKey: string; secretKey: string } = {
  apiKey: 'sandbox-vtpass-api-key',
  publicKey: 'PK_sandbox_vtpass_public',
  secretKey: 'SK_sandbox_vtpass_secret',
};

/** ₦2,500,000.00: the simulated VTpass wallet's opening balance. */
export const VTPASS_SIMULATOR_FLOAT: Kobo = 2_500_000_00;

export interface VtpassSimulatorOptions {
  /** Providers' util.ts store; the server persists it in kv_store. */
  store?: KeyValueStore<unknown>;
  now?: () => Date;
  faults?: SimulatorFaults;
  float?: Kobo;
  keys?: typeof SANDBOX_VTPASS_KEYS;
  /** Where transaction-update callbacks go (VTpass POSTs them to the merchant's URL). */
  callback?: (body: unknown) => Promise<void>;
  /** Latency per answer when not instant: ms range (default 50–150); instant: none. */
  instant?: boolean;
}

export interface VtpassSimulator {
  /** Register with `{ prefix: VTPASS_SIMULATOR_PREFIX }`. */
  plugin: FastifyPluginAsync;
  faults: SimulatorFaults;
  /** Test/operator hooks: change what service-variations answers (catalogue-sync tests). */
  setVariation(serviceId: string, v: { code: string; name: string; amountKobo: number }): void;
  removeVariation(serviceId: string, code: string): void;
  /** Resolve a pending purchase now and send its transaction-update callback (if configured). */
  resolve(requestId: string, status: 'delivered' | 'failed' | 'reversed'): Promise<void>;
  balance(): Promise<Kobo>;
}

// ── Outcomes ─────────────────────────────────────────────────────────────────

type TxStatus = 'pending' | 'delivered' | 'failed' | 'reversed';
/** How the first `/pay` answer travels (the purchase itself is decided as usual). */
type FirstAnswer = 'normal' | 'hang' | 'lost' | 'malformed' | 'empty' | 'unexpected';

interface Scenario {
  /** State right after `/pay`. */
  status: TxStatus;
  /** What the next requery turns a pending purchase into (none: pending until `resolve`). */
  then?: 'delivered' | 'failed';
  first: FirstAnswer;
}

/**
 * VTpass's sandbox numbers (the "sandbox environment" tables of the product pages: mtn-data,
 * dstv, gotv; meters of the disco pages; the JAMB profile id of jamb-pin-vending-api). Their
 * pages say what the "Pending", "Unexpected Response", "No Response" and "Timeout" numbers
 * simulate, not the exact bytes: a pending 099, a 000 without a transaction, an empty 200 body
 * and no answer at all stand for them, each pending until `resolve`.
 */
const DOCUMENTED: Readonly<Record<string, Scenario>> = {
  '08011111111': { status: 'delivered', first: 'normal' },
  '1111111111111': { status: 'delivered', first: 'normal' },
  '1010101010101': { status: 'delivered', first: 'normal' },
  '1212121212': { status: 'delivered', first: 'normal' },
  '0123456789': { status: 'delivered', first: 'normal' },
  '201000000000': { status: 'pending', first: 'normal' },
  '500000000000': { status: 'pending', first: 'unexpected' },
  '400000000000': { status: 'pending', first: 'empty' },
  '300000000000': { status: 'pending', first: 'hang' },
};

/** The in-process sandbox's last-four-digit outcomes (README, demo and tests rely on them). */
function scenarioOf(destination: string): Scenario {
  const documented = DOCUMENTED[destination];
  if (documented) return documented;
  const outcomes: Record<LastFourScenario, Scenario> = {
    fail: { status: 'failed', first: 'normal' },
    'pending-then-success': { status: 'pending', then: 'delivered', first: 'normal' },
    'pending-then-fail': { status: 'pending', then: 'failed', first: 'normal' },
    // VTpass took these and delivered them; only the answer was lost or garbled.
    'timeout-then-success': { status: 'delivered', first: 'lost' },
    'malformed-then-success': { status: 'delivered', first: 'malformed' },
    success: { status: 'delivered', first: 'normal' },
  };
  return outcomes[lastFourScenario(destination)];
}

// ── What is remembered ───────────────────────────────────────────────────────

/** What a delivered purchase carries besides the transaction (per product page). */
interface Details {
  purchased_code: string;
  token?: string;
  units?: string;
  exchangeReference?: string;
  tariff?: string;
  customerName?: string;
  cards?: { Serial: string; Pin: string }[];
  tokens?: string[];
  Pin?: string;
}

/** One purchase, by request_id (persisted as JSON). */
interface PayRecord {
  requestId: string;
  /** The request's fields: a resend with other fields under this id is 014. */
  fingerprint: string;
  serviceId: string;
  productName: string;
  type: string;
  uniqueElement: string;
  phone: string;
  quantity: number;
  unitPriceKobo: Kobo;
  amountKobo: Kobo;
  status: TxStatus;
  then?: 'delivered' | 'failed';
  charged: boolean;
  transactionId: string;
  transactionDate: string;
  details: Details;
}

const FLOAT_KEY = 'float';

// ── Small helpers ────────────────────────────────────────────────────────────

const NAIRA = 100;
const naira = (kobo: Kobo): number => Math.round(kobo) / NAIRA;
const MAX = { requestId: 64, serviceId: 64, code: 64, number: 32, phone: 20, type: 16 } as const;
/** Band A tariff (₦/kWh, 2025): turns a prepaid amount into units. */
const TARIFF_KOBO_PER_KWH = 209_50;
/** The simulated account earns no commission: the float moves by exactly the price. */
const COMMISSION_DETAILS = {
  amount: 0,
  rate: '0.00',
  rate_type: 'percent',
  computation_type: 'default',
};

/** A string field of at most `max` characters (numbers accepted, as VTpass's pages type them). */
function field(body: Record<string, unknown>, key: string, max: number): string | undefined {
  const value = body[key];
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string') return undefined;
  const trimmed = text.trim();
  return trimmed && trimmed.length <= max ? trimmed : undefined;
}

/** Naira (number or numeric string) → kobo; undefined when absent or not an amount. */
function amountField(body: Record<string, unknown>): Kobo | undefined | 'invalid' {
  const value = body.amount;
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isFinite(n) || n < 0 || n > 1e9) return 'invalid';
  return Math.round(n * NAIRA);
}

/** `YYYYMMDDHHmm` → ms since the epoch, read as Africa/Lagos (UTC+1, no daylight saving). */
function lagosMs(stamp: string): number | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(stamp);
  if (!m) return undefined;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h - 1, mi);
  // Date.UTC rolls 2026-02-31 over to March: a stamp that does not round-trip is no date.
  const back = new Date(ms + 60 * 60 * 1000);
  const same =
    back.getUTCFullYear() === y &&
    back.getUTCMonth() === mo - 1 &&
    back.getUTCDate() === d &&
    back.getUTCHours() === h &&
    back.getUTCMinutes() === mi;
  return same ? ms : undefined;
}

/**
 * The buying-services page: "MUST BE 12 CHARACTERS OR MORE", "FIRST 12 CHARACTERS MUST BE
 * NUMERIC", "MUST COMPRISE OF TODAY'S DATE", in Africa/Lagos; then any alphanumeric suffix.
 * A day either side is allowed: the page does not say how strict "today" is at midnight.
 */
function requestIdProblem(id: string, now: Date): boolean {
  if (!/^\d{12}[A-Za-z0-9_-]*$/.test(id)) return true;
  const ms = lagosMs(id.slice(0, 12));
  return ms === undefined || Math.abs(ms - now.getTime()) > 24 * 60 * 60 * 1000;
}

function groupedToken(): string {
  return (randomDigits(20).match(/\d{4}/g) ?? []).join('-');
}

/** Where a purchase goes: the smart card, meter or profile, else the phone. */
const productType: Record<SimService['product'], string> = {
  airtime: 'Airtime Recharge',
  data: 'Data Services',
  cabletv: 'TV Subscription',
  electricity: 'Electricity Bill',
  education: 'Education',
};

// ── The simulator ────────────────────────────────────────────────────────────

export function createVtpassSimulator(options: VtpassSimulatorOptions = {}): VtpassSimulator {
  const store = options.store ?? memoryStore<unknown>();
  const now = options.now ?? (() => new Date());
  const faults = options.faults ?? createFaults();
  const keys = options.keys ?? SANDBOX_VTPASS_KEYS;
  const openingFloat = options.float ?? VTPASS_SIMULATOR_FLOAT;

  // The catalogue is copied so setVariation never edits the shared constant.
  const catalogue = new Map<string, SimService>(
    Object.entries(VTPASS_CATALOGUE).map(([id, s]) => [
      id,
      { ...s, variations: s.variations.map((v) => ({ ...v })) },
    ]),
  );

  // One change at a time per request id: a resend racing its own first call must not charge
  // twice. Other request ids go ahead meanwhile, as on VTpass (ADR 0060).
  const locked = oneAtATimePerKey();
  // The float: checked and changed in one step, so two purchases never spend the same naira.
  const float = storedTotal(store, FLOAT_KEY, openingFloat);
  const readFloat = (): Promise<Kobo> => float.read();

  async function readRecord(requestId: string): Promise<PayRecord | undefined> {
    if (requestId === FLOAT_KEY) return undefined;
    const stored = await store.get(requestId);
    const ok = typeof stored === 'object' && stored !== null && 'fingerprint' in stored;
    return ok ? (stored as PayRecord) : undefined;
  }

  /** Moves the record to `status`, charging on delivery and refunding a reversal. */
  async function settle(record: PayRecord, status: TxStatus): Promise<void> {
    record.status = status;
    delete record.then;
    if (status === 'delivered' && !record.charged) {
      record.charged = true;
      await float.move((now) => Math.max(0, now - record.amountKobo));
    } else if ((status === 'reversed' || status === 'failed') && record.charged) {
      // "Transaction reversal to wallet" (response codes, 040): VTpass gives the float back.
      record.charged = false;
      await float.move((now) => now + record.amountKobo);
    }
    await store.set(record.requestId, record);
  }

  async function latency(): Promise<void> {
    if (options.instant) return;
    await sleep(50 + randomInt(101));
  }

  // ── Answers ──

  /** The documented refusal envelope: code and the response-codes page's meaning. */
  function envelope(code: string, message?: string) {
    return {
      code,
      response_description: message ?? VTPASS_CODES[code]?.meaning ?? 'UNKNOWN',
    };
  }

  /**
   * The pay/requery answer of the product pages and the re-query page (`content.transactions`,
   * requestId, amount, transaction_date, purchased_code), plus the delivered product's fields.
   */
  function transactionAnswer(record: PayRecord) {
    const head: Record<TxStatus, { code: string; text: string }> = {
      delivered: { code: '000', text: 'TRANSACTION SUCCESSFUL' },
      pending: { code: '099', text: 'TRANSACTION IS PROCESSING' },
      failed: { code: '016', text: 'TRANSACTION FAILED' },
      reversed: { code: '040', text: 'TRANSACTION REVERSAL' },
    };
    const { code, text } = head[record.status];
    const amount = naira(record.amountKobo);
    const delivered = record.status === 'delivered';
    return {
      code,
      content: {
        transactions: {
          status: record.status,
          product_name: record.productName,
          unique_element: record.uniqueElement,
          unit_price: naira(record.unitPriceKobo),
          quantity: record.quantity,
          service_verification: null,
          channel: 'api',
          commission: 0,
          total_amount: amount,
          discount: null,
          type: record.type,
          email: 'sandbox@sandbox.vtpass.com',
          phone: record.phone,
          name: null,
          convinience_fee: 0,
          amount,
          platform: 'api',
          method: 'api',
          transactionId: record.transactionId,
          commission_details: { ...COMMISSION_DETAILS },
        },
      },
      response_description: text,
      requestId: record.requestId,
      amount,
      transaction_date: record.transactionDate,
      ...(delivered ? record.details : { purchased_code: '' }),
    };
  }

  function detailsFor(
    service: SimService,
    serviceId: string,
    variation: SimVariation | undefined,
    destination: string,
    amountKobo: Kobo,
    quantity: number,
  ): Details {
    switch (service.product) {
      case 'electricity': {
        // Prepaid adds token, units, exchangeReference, tariff, customerName (domain.md; the
        // disco pages' purchase answers); postpaid has no token.
        const customerName = pick(CUSTOMER_NAMES, destination);
        const exchangeReference = randomDigits(13);
        if (variation?.code === 'postpaid') {
          return { purchased_code: '', exchangeReference, customerName };
        }
        const token = groupedToken();
        const units = `${(amountKobo / TARIFF_KOBO_PER_KWH).toFixed(1)} kWh`;
        return {
          purchased_code: `Token : ${token}`,
          token,
          units,
          exchangeReference,
          tariff: 'R2 SINGLE PHASE RESIDENTIAL',
          customerName,
        };
      }
      case 'education': {
        if (serviceId === 'jamb') {
          // jamb-pin-vending-api: "Pin":"Pin : 3678251321392432".
          const pin = `Pin : ${randomDigits(16)}`;
          return { purchased_code: pin, Pin: pin };
        }
        if (serviceId === 'waec-registration') {
          const tokens = Array.from({ length: quantity }, () => randomDigits(19));
          return { purchased_code: tokens.map((t) => `Token: ${t}`).join(', '), tokens };
        }
        // waec-result-checker-api: "cards": [{ "Serial": "WRN…", "Pin": "…" }].
        const cards = Array.from({ length: quantity }, () => ({
          Serial: `WRN${randomDigits(9)}`,
          Pin: randomDigits(12),
        }));
        const first = cards[0] as { Serial: string; Pin: string };
        return { purchased_code: `Serial No:${first.Serial}, pin: ${first.Pin}`, cards };
      }
      case 'cabletv':
        return { purchased_code: '', customerName: pick(CUSTOMER_NAMES, destination) };
      case 'airtime':
      case 'data':
        return { purchased_code: '' };
    }
  }

  type Answer = { status: number; body: unknown } | { status: number; text: string };
  const json = (body: unknown, status = 200): Answer => ({ status, body });

  /** The pay/requery answer a record gives now (a requery moves a pending one on first). */
  async function currentAnswer(record: PayRecord): Promise<Answer> {
    if (record.status === 'pending' && record.then) await settle(record, record.then);
    return json(transactionAnswer(record));
  }

  async function pay(
    body: Record<string, unknown>,
  ): Promise<{ answer: Answer; first: FirstAnswer }> {
    const normal = (answer: Answer) => ({ answer, first: 'normal' as const });
    const requestId = field(body, 'request_id', MAX.requestId);
    const serviceId = field(body, 'serviceID', MAX.serviceId);
    const phone = field(body, 'phone', MAX.phone);
    if (!requestId || !serviceId || !phone) return normal(json(envelope('011')));
    const billersCode = field(body, 'billersCode', MAX.number);
    const variationCode = field(body, 'variation_code', MAX.code);
    const subscription = field(body, 'subscription_type', MAX.type);
    const amount = amountField(body);
    const quantityRaw = body.quantity === undefined ? 1 : Number(body.quantity);
    const fingerprint = JSON.stringify([
      serviceId,
      billersCode ?? null,
      phone,
      variationCode ?? null,
      amount ?? null,
      quantityRaw,
      subscription ?? null,
    ]);

    return locked(requestId, async () => {
      const existing = await readRecord(requestId);
      if (existing) {
        // The request id is the only idempotency key: the same request answers its current
        // state, never a second charge; other fields under a used id are refused.
        if (existing.fingerprint !== fingerprint) return normal(json(envelope('014')));
        return normal(await currentAnswer(existing));
      }
      const at = now();
      if (requestIdProblem(requestId, at)) return normal(json(envelope('085')));
      const service = catalogue.get(serviceId);
      if (!service) return normal(json(envelope('012')));
      if (amount === 'invalid') return normal(json(envelope('011')));
      if (!Number.isInteger(quantityRaw) || quantityRaw < 1) return normal(json(envelope('011')));
      // WAEC sells at most 5 cards at once on our side; VTpass's own cap is undocumented.
      if (quantityRaw > 100) return normal(json(envelope('032')));
      const quantity = quantityRaw;

      const renew = service.product === 'cabletv' && subscription === 'renew' && !variationCode;
      const needsVariation = service.product !== 'airtime' && !renew;
      const needsBiller =
        service.product !== 'airtime' && serviceId !== 'waec' && serviceId !== 'waec-registration';
      if (needsVariation && !variationCode) return normal(json(envelope('011')));
      if (needsBiller && !billersCode) return normal(json(envelope('011')));
      const variation = needsVariation
        ? service.variations.find((v) => v.code === variationCode)
        : undefined;
      if (needsVariation && !variation) {
        return normal(json(envelope('010', 'VARIATION CODE DOES NOT EXIST')));
      }

      // mtn-data, waec, jamb pages: "This amount will be ignored as the variation code
      // determine the price". Airtime, electricity and a bouquet renewal charge the amount sent.
      let unitPrice: Kobo;
      if (variation?.fixedPrice) {
        unitPrice = variation.amountKobo;
      } else {
        if (amount === undefined) return normal(json(envelope('011')));
        if (amount < service.minKobo) return normal(json(envelope('013')));
        if (amount > service.maxKobo) return normal(json(envelope('017')));
        unitPrice = amount;
      }
      const total = variation?.fixedPrice ? unitPrice * quantity : unitPrice;
      if (total > (await readFloat())) return normal(json(envelope('018')));

      const destination = billersCode ?? phone;
      const scenario = scenarioOf(destination);
      const record: PayRecord = {
        requestId,
        fingerprint,
        serviceId,
        productName: service.name,
        type: productType[service.product],
        uniqueElement: destination,
        phone,
        quantity,
        unitPriceKobo: unitPrice,
        amountKobo: total,
        status: 'pending',
        ...(scenario.then ? { then: scenario.then } : {}),
        charged: false,
        transactionId: `${at.getTime()}${randomDigits(10)}`,
        transactionDate: at.toISOString().replace('Z', '000Z'),
        details: detailsFor(service, serviceId, variation, destination, total, quantity),
      };
      if (scenario.status === 'pending') {
        await store.set(requestId, record);
      } else if (scenario.status === 'delivered') {
        // Checked again as it is charged: another purchase may have spent the float meanwhile.
        const charged = await float.move((now) => (total > now ? undefined : now - total));
        if (!charged) return normal(json(envelope('018')));
        record.charged = true;
        record.status = 'delivered';
        await store.set(requestId, record);
      } else {
        await settle(record, scenario.status);
      }
      return { answer: json(transactionAnswer(record)), first: scenario.first };
    });
  }

  async function requery(body: Record<string, unknown>): Promise<Answer> {
    const requestId = field(body, 'request_id', MAX.requestId);
    if (!requestId) return json(envelope('011'));
    return locked(requestId, async () => {
      const record = await readRecord(requestId);
      // re-query page / response codes: 015 "This RequestID was not used on our platform".
      if (!record) return json(envelope('015'));
      return currentAnswer(record);
    });
  }

  function verify(body: Record<string, unknown>): Answer {
    const serviceId = field(body, 'serviceID', MAX.serviceId);
    const number = field(body, 'billersCode', MAX.number);
    if (!serviceId || !number) return json(envelope('011'));
    const service = catalogue.get(serviceId);
    if (!service) return json(envelope('012'));
    // The product pages: "any number apart from the one provided" fails on VTpass's sandbox;
    // here only numbers ending 9999 (and malformed ones) do, as in the in-process sandbox. The
    // exact text of the wrong-number answer is on no page read: `WrongBillersCode` (domain.md)
    // with an error line.
    if (!/^\d{6,20}$/.test(number) || number.endsWith('9999')) {
      return json({
        code: '000',
        content: {
          error: 'This number is not valid for this service. Please check and try again.',
          WrongBillersCode: true,
        },
      });
    }
    const customerName = number === '1212121212' ? 'TEST METER' : pick(CUSTOMER_NAMES, number);
    switch (service.product) {
      case 'electricity':
        // Disco pages' "VERIFY METER NUMBER" answer (code 000), fields per domain.md.
        return json({
          code: '000',
          content: {
            Customer_Name: customerName,
            Address: pick(STREETS, number),
            Meter_Number: number,
            Customer_Arrears: '0.00',
            Min_Purchase_Amount: 500,
            Can_Vend: 'yes',
            Customer_Account_Type: 'NMD',
            Meter_Type: field(body, 'type', MAX.type) === 'postpaid' ? 'POSTPAID' : 'PREPAID',
            WrongBillersCode: false,
          },
        });
      case 'cabletv': {
        // dstv/gotv pages' "VERIFY SMARTCARD NUMBER" fields, with Current_Bouquet and
        // Renewal_Amount the pages say it returns; 020 "BILLER CONFIRMED" is the response-codes
        // page's verification code (fixture VERIFY_020_EXAMPLE).
        const bouquet = service.variations.length ? pick(service.variations, number) : undefined;
        const due = new Date(now().getTime() + 10 * 24 * 60 * 60 * 1000);
        return json({
          code: '020',
          content: {
            Customer_Name: customerName,
            Status: 'ACTIVE',
            Due_Date: `${due.toISOString().slice(0, 10)}T00:00:00`,
            Customer_Number: number,
            Customer_Type: serviceId.toUpperCase(),
            Current_Bouquet: bouquet?.name ?? '',
            Renewal_Amount: bouquet ? naira(bouquet.amountKobo) : 0,
            commission_details: { ...COMMISSION_DETAILS, amount: null },
          },
        });
      }
      default:
        // jamb-pin-vending-api "VERIFY PROFILE ID": the customer's name only.
        return json({
          code: '000',
          content: { Customer_Name: customerName, commission_details: { ...COMMISSION_DETAILS } },
        });
    }
  }

  function variations(serviceId: string | undefined): Answer {
    const service = serviceId ? catalogue.get(serviceId) : undefined;
    if (!serviceId || !service) return json(envelope('012'));
    const list = service.variations.map((v) => ({
      variation_code: v.code,
      name: v.name,
      variation_amount: naira(v.amountKobo).toFixed(2),
      fixedPrice: v.fixedPrice ? 'Yes' : 'No',
    }));
    // The dstv/gotv pages answer both spellings of the list (`varations`, sic).
    return json({
      response_description: '000',
      content: {
        ServiceName: service.name,
        serviceID: serviceId,
        convinience_fee: service.convenienceFee,
        variations: list,
        varations: list,
      },
    });
  }

  // ── Transport ──

  /** Never answers in time: released by the client going away, the app closing, or a limit. */
  const { hang, releaseAll } = createHangs();

  function authorised(request: FastifyRequest, method: 'GET' | 'POST'): boolean {
    const h = request.headers;
    const second = method === 'GET' ? h['public-key'] : h['secret-key'];
    const expected = method === 'GET' ? keys.publicKey : keys.secretKey;
    return h['api-key'] === keys.apiKey && second === expected;
  }

  /**
   * One route: the auth check ("API Key Authentication" of the integration pages, e.g. the
   * verbatim copy in maxi-musz/nestjs-payflex `src/vtpass/vtpass-docs.md`: GET `api-key` +
   * `public-key`, POST `api-key` + `secret-key`; the response-codes page's 087 otherwise; the
   * HTTP status of that answer is on no page read, so it is 200 like every other answer), the route's injected fault, latency, then the
   * answer. A fault of kind `code` answers that code's envelope instead of the route's work,
   * so a refused purchase is never recorded (VTpass never took it).
   */
  async function serve(
    request: FastifyRequest,
    reply: FastifyReply,
    route: string,
    method: 'GET' | 'POST',
    work: () => Promise<{ answer: Answer; first: FirstAnswer }>,
  ): Promise<FastifyReply> {
    const fault: SimulatorFault | undefined = faults.take(route);
    if (faults.latencyMs > 0) await sleep(faults.latencyMs);
    await latency();
    if (!authorised(request, method)) return send(reply, json(envelope('087')));
    if (fault?.kind === 'code') return send(reply, json(envelope(fault.code, fault.message)));
    const { answer, first } = await work();
    if (fault?.kind === 'slow') await sleep(fault.ms);
    // Instant mode (tests, benchmarks) cannot wait out the caller's timeout: the lost answer
    // is a dropped connection instead, the same "no answer" to the adapter (pending, requery).
    if (first === 'lost' && options.instant && fault?.kind !== 'hang') {
      reply.hijack();
      reply.raw.destroy(new Error('socket hang up'));
      return reply;
    }
    if (fault?.kind === 'hang' || first === 'hang' || first === 'lost') {
      await hang(request);
      return send(reply, answer);
    }
    if (fault?.kind === 'status') {
      const body = fault.body ?? { message: `HTTP ${fault.status}` };
      const out: Answer =
        typeof body === 'string' ? { status: fault.status, text: body } : json(body, fault.status);
      return send(reply, out);
    }
    if (fault?.kind === 'malformed' || first === 'malformed') {
      const text = JSON.stringify('body' in answer ? answer.body : {});
      return send(reply, { status: 200, text: text.slice(0, Math.max(1, text.length >> 1)) });
    }
    if (first === 'empty') return send(reply, { status: 200, text: '' });
    if (first === 'unexpected') {
      return send(
        reply,
        json({ code: '000', response_description: 'TRANSACTION PROCESSED', content: {} }),
      );
    }
    return send(reply, answer);
  }

  function send(reply: FastifyReply, answer: Answer): FastifyReply {
    reply.code(answer.status);
    if ('text' in answer) return reply.type('application/json; charset=utf-8').send(answer.text);
    return reply.send(answer.body);
  }

  const asObject = (body: unknown): Record<string, unknown> =>
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  const plain = async (answer: Answer) => ({ answer, first: 'normal' as const });

  const plugin: FastifyPluginAsync = async (app) => {
    app.addHook('onClose', async () => {
      releaseAll();
    });
    // Bodies are a few fields: VTpass's pages show nothing near this size.
    const post = { bodyLimit: 16 * 1024 };

    app.get('/balance', (request, reply) =>
      serve(request, reply, 'balance', 'GET', async () =>
        // "Get VTpass Wallet Balance" (the copy above): { "code": 1, "contents": { "balance" } }.
        plain(json({ code: 1, contents: { balance: naira(await readFloat()) } })),
      ),
    );

    app.get('/service-variations', (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const id =
        typeof query.serviceID === 'string' ? query.serviceID.slice(0, MAX.serviceId) : undefined;
      return serve(request, reply, 'service-variations', 'GET', () => plain(variations(id)));
    });

    app.get('/service-categories', (request, reply) =>
      serve(request, reply, 'service-categories', 'GET', () =>
        plain(
          json({
            response_description: '000',
            content: [
              { identifier: 'airtime', name: 'Airtime Recharge' },
              { identifier: 'data', name: 'Data Services' },
              { identifier: 'tv-subscription', name: 'TV Subscription' },
              { identifier: 'electricity-bill', name: 'Electricity Bill' },
              { identifier: 'education', name: 'Education' },
            ],
          }),
        ),
      ),
    );

    app.get('/services', (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const identifier = typeof query.identifier === 'string' ? query.identifier : '';
      const product = {
        airtime: 'airtime',
        data: 'data',
        'tv-subscription': 'cabletv',
        'electricity-bill': 'electricity',
        education: 'education',
      }[identifier];
      return serve(request, reply, 'services', 'GET', () =>
        plain(
          json({
            response_description: '000',
            content: [...catalogue.entries()]
              .filter(([, s]) => s.product === product)
              .map(([id, s]) => ({
                serviceID: id,
                name: s.name,
                minimium_amount: String(naira(s.minKobo)),
                maximum_amount: String(naira(s.maxKobo)),
                convinience_fee: s.convenienceFee,
                product_type: s.variations.some((v) => v.fixedPrice) ? 'fix' : 'flexible',
              })),
          }),
        ),
      );
    });

    app.post('/merchant-verify', post, (request, reply) =>
      serve(request, reply, 'merchant-verify', 'POST', () => plain(verify(asObject(request.body)))),
    );

    app.post('/pay', post, (request, reply) =>
      serve(request, reply, 'pay', 'POST', () => pay(asObject(request.body))),
    );

    app.post('/requery', post, (request, reply) =>
      serve(request, reply, 'requery', 'POST', async () =>
        plain(await requery(asObject(request.body))),
      ),
    );
  };

  return {
    plugin,
    faults,

    setVariation(serviceId, v) {
      const service = catalogue.get(serviceId);
      if (!service) throw new Error(`Unknown VTpass service id: ${serviceId}`);
      const row: SimVariation = {
        code: v.code,
        name: v.name,
        amountKobo: v.amountKobo,
        fixedPrice: true,
      };
      const at = service.variations.findIndex((x) => x.code === v.code);
      if (at >= 0) service.variations[at] = row;
      else service.variations.push(row);
    },

    removeVariation(serviceId, code) {
      const service = catalogue.get(serviceId);
      if (service) service.variations = service.variations.filter((v) => v.code !== code);
    },

    async resolve(requestId, status) {
      const record = await locked(requestId, async () => {
        const found = await readRecord(requestId);
        if (!found) throw new Error(`The VTpass simulator has no purchase ${requestId}.`);
        await settle(found, status);
        return found;
      });
      // transaction-update-webhook page: { type: "transaction-update", data: <requery shape> }.
      await options.callback?.({ type: 'transaction-update', data: transactionAnswer(record) });
    },

    balance: () => readFloat(),
  };
}
