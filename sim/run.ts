/**
 * Runs a schedule against a world (ADR 0085) and checks the oracle: the cheap checks after
 * every step, all of them at quiescence. `simulate` makes the world, runs, and tears it down;
 * `shrink` drops steps while the run still fails, to the shortest failing schedule it finds.
 */
import { api } from '@contract';
import { checkInvariants } from '../server/src/wallet/ledger.ts';
import { SANDBOX_WEBHOOK_HASH } from '../server/src/providers/simulators/index.ts';
import { SIMULATOR_BANKS } from '../server/src/providers/simulators/flutterwave-payouts.ts';
import { sleep } from '../server/test/processes.ts';
import { quiesce, checkAll, checkFinalWithdrawals, type Ledgerbook } from './oracle.ts';
import {
  clockStart,
  describeStep,
  generate,
  type CatalogueChange,
  type Schedule,
  type Step,
} from './schedule.ts';
import { createWorld, SIM_PIN, type Engine, type World, type WorldSource } from './world.ts';

type Purchase = Extract<Step, { kind: 'purchase' }>;

/**
 * Bugs the harness can plant to prove the oracle and the shrinking on a real failure
 * (sim/shrinking.test.ts): test-only, set through `SIM_PLANT`, and living here, in the
 * harness, never in the server or its simulators.
 * - `failed-withdrawal-paid`: after a withdrawal to an account ending 0000 (Flutterwave fails
 *   it at once and the adapter is told so), Flutterwave's record of it is turned SUCCESSFUL,
 *   as a provider that paid a transfer it reported failed.
 */
export const PLANTED_BUGS = ['failed-withdrawal-paid'] as const;
export type PlantedBug = (typeof PLANTED_BUGS)[number];

export function plantedBug(env: NodeJS.ProcessEnv = process.env): PlantedBug | undefined {
  const name = env.SIM_PLANT;
  if (!name) return undefined;
  if (!(PLANTED_BUGS as readonly string[]).includes(name)) {
    throw new Error(`SIM_PLANT is one of ${PLANTED_BUGS.join(', ')}, not "${name}".`);
  }
  return name as PlantedBug;
}

/** The planted bug's effect after `step` ran (nothing unless one is planted). */
async function plant(world: World, bug: PlantedBug | undefined, step: Step): Promise<void> {
  if (bug !== 'failed-withdrawal-paid' || step.kind !== 'withdraw' || step.ending !== '0000') {
    return;
  }
  const rows = await world.dbh.db
    .selectFrom('kv_store')
    .select(['key', 'value'])
    .where('namespace', '=', 'sim-flutterwave-payouts')
    .where('key', 'like', 'payout:%')
    .execute();
  for (const row of rows) {
    const p = JSON.parse(row.value) as { status: string; accountNumber: string };
    if (p.status !== 'FAILED' || !p.accountNumber.endsWith('0000')) continue;
    await world.dbh.db
      .updateTable('kv_store')
      .set({ value: JSON.stringify({ ...p, status: 'SUCCESSFUL', final: 'SUCCESSFUL' }) })
      .where('namespace', '=', 'sim-flutterwave-payouts')
      .where('key', '=', row.key)
      .execute();
  }
}

export interface Failure {
  /** The step after which a check failed (its index in the schedule), or "quiescence". */
  at: number | 'quiescence';
  problems: string[];
}

export interface RunResult {
  seed: number;
  engine: Engine;
  steps: number;
  failure?: Failure;
  /** How many of each kind of step and fault ran (the README's figures). */
  counts: Record<string, number>;
  ms: number;
  /**
   * Why the world never came up (a server that did not answer within its start-up minute, on a
   * starved machine): the schedule did not run, so it neither held nor failed.
   */
  unstarted?: string;
}

const count = (counts: Record<string, number>, key: string, n = 1) => {
  counts[key] = (counts[key] ?? 0) + n;
};

/** The request body of a purchase; its destination ends in the step's four digits. */
function purchaseCall(p: Purchase): { path: string; body: Record<string, unknown> } {
  switch (p.product) {
    case 'airtime':
      return {
        path: api.airtime.path,
        body: { pin: SIM_PIN, phone_number: `0803124${p.ending}`, amount: p.amount },
      };
    case 'data':
      return {
        path: api.data.path,
        body: {
          pin: SIM_PIN,
          service_id: 'mtn-data',
          plan_id: 'mtn-data-2-5gb-2d',
          phone_number: `0803123${p.ending}`,
        },
      };
    case 'cable':
      return {
        path: api.cabletv.path,
        body: {
          pin: SIM_PIN,
          service_id: 'dstv',
          plan_id: 'dstv-padi',
          smart_card_number: `702123${p.ending}`,
        },
      };
    case 'electricity':
      return {
        path: api.electricity.path,
        body: {
          pin: SIM_PIN,
          service_id: 'ikeja-electric',
          variation_code: 'prepaid',
          meter_number: `4512345${p.ending}`,
          amount: p.amount,
        },
      };
    case 'education':
      return {
        path: api.education.path,
        body: {
          pin: SIM_PIN,
          service_id: 'waec',
          plan_id: 'waecdirect',
          quantity: 1,
          profile_id: `8812345${p.ending}`,
        },
      };
  }
}

/** The plans the purchases buy, as the admin's price list names them (`purchaseCall`). */
const PLANS = {
  data: { name: 'MTN', plan_id: 'mtn-data-2-5gb-2d' },
  cable: { name: 'DStv', plan_id: 'dstv-padi' },
} as const;

/** A coupon's product screen, where it is redeemed. */
function redeemPath(product: Extract<Step, { kind: 'coupon' }>['product']): string {
  if (product === 'AIRTIME') return api.airtime.path;
  if (product === 'ELECTRICITY') return api.electricity.path;
  return api.cabletv.path;
}

/** A redemption's body: the coupon buys its own amount or plan; the destination ends `ending`. */
function redeemBody(
  product: Extract<Step, { kind: 'coupon' }>['product'],
  amount: number,
  ending: string,
  code: string,
): Record<string, unknown> {
  if (product === 'AIRTIME') {
    return { pin: SIM_PIN, phone_number: `0803124${ending}`, amount, coupon_code: code };
  }
  if (product === 'ELECTRICITY') {
    return {
      pin: SIM_PIN,
      service_id: 'ikeja-electric',
      variation_code: 'prepaid',
      meter_number: `4512345${ending}`,
      coupon_code: code,
    };
  }
  return {
    pin: SIM_PIN,
    service_id: 'dstv',
    plan_id: 'dstv-padi',
    smart_card_number: `702123${ending}`,
    coupon_code: code,
  };
}

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

interface CallOptions {
  token?: string;
  apiKey?: string;
  body?: unknown;
  requestId?: string;
}

/** JSON over fetch (server/test/processes.ts `http`, with an API key); no answer is status 0. */
async function http(
  base: string,
  method: string,
  url: string,
  o: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.apiKey) headers['x-api-key'] = o.apiKey;
  if (o.requestId) headers['x-request-id'] = o.requestId;
  try {
    const res = await fetch(`${base}${url}`, {
      method,
      headers,
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
    const text = await res.text();
    try {
      return { status: res.status, body: JSON.parse(text) };
    } catch {
      return { status: res.status, body: text };
    }
  } catch {
    return { status: 0, body: undefined };
  }
}

/** Everything the run did that the oracle needs (ids of what it made, what it asked). */
export function newBook(): Ledgerbook {
  return {
    cards: [],
    transfers: [],
    keyed: [],
    adminSettled: new Set(),
    serverErrors: [],
    cutWithdrawals: [],
  };
}

async function runStep(
  world: World,
  book: Ledgerbook,
  step: Step,
  index: number,
  seed: number,
  counts: Record<string, number>,
): Promise<void> {
  const call = async (
    via: number,
    method: string,
    url: string,
    options: CallOptions = {},
  ): Promise<Answer> => {
    const res = await http(world.base(via), method, url, options);
    // A 502 provider_error is the documented refusal when every provider that sells the plan
    // is paused (the breaker, opened by the faults this schedule injected): nothing is charged,
    // and the quiescence checks still judge every purchase. Any other 5xx is a server error.
    const said = JSON.stringify(res.body ?? '');
    if (res.status >= 400 && /daily spending limit/.test(said)) {
      count(counts, 'refused: daily spending limit');
    }
    if (res.status === 502 && res.body?.type === 'provider_error') {
      count(counts, 'refused: every provider paused (502)');
    } else if (res.status >= 500) {
      book.serverErrors.push(
        `step ${index}: ${method} ${url} on #${via} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`,
      );
    }
    return res;
  };
  const admin = world.adminToken;
  const db = world.dbh.db;

  const purchase = async (p: Purchase, sub: string): Promise<void> => {
    count(counts, `purchase ${p.product}`);
    count(counts, `ending ${p.ending}`);
    count(counts, `key ${p.key}`);
    const customer = world.customers[p.who]!;
    // A reseller's call carries its key and always a request id; the app's, the customer's token.
    const auth = p.apiKey ? { apiKey: customer.apiKey } : { token: customer.token };
    const { path, body } = purchaseCall(p);
    const rid = `sim-${seed}-${index}${sub}`;
    if (p.apiKey) count(counts, 'purchase by API key');
    if (p.fault) {
      count(counts, `fault ${p.fault.provider} ${p.fault.fault}`);
      await call(p.via, 'POST', api.devProviderFault.path, {
        body: { provider: p.fault.provider, fault: p.fault.fault, count: p.fault.count },
      });
    }
    try {
      if (p.key === 'none') {
        await call(p.via, 'POST', path, { ...auth, body, requestId: p.apiKey ? rid : undefined });
      } else if (p.key === 'same') {
        const first = await call(p.via, 'POST', path, { ...auth, body, requestId: rid });
        const again = await call(p.via, 'POST', path, { ...auth, body, requestId: rid });
        book.keyed.push({ rid, who: p.who, answers: [first, again] });
      } else if (p.key === 'new') {
        await call(p.via, 'POST', path, { ...auth, body, requestId: `${rid}-a` });
        await call(p.via, 'POST', path, { ...auth, body, requestId: `${rid}-b` });
      } else {
        const answers = await Promise.all(
          world.servers.map((_, via) => call(via, 'POST', path, { ...auth, body, requestId: rid })),
        );
        book.keyed.push({ rid, who: p.who, answers });
      }
    } finally {
      // A fault is for this call (and its failover): what it left queued is dropped.
      if (p.fault) {
        await call(p.via, 'POST', api.devProviderFault.path, {
          body: { provider: p.fault.provider, fault: 'clear' },
        });
      }
    }
  };

  /**
   * The kill mid-withdrawal (ADR 0093): Flutterwave's next transfer call on the instance to be
   * killed never answers; the withdrawal is sent there and this resolves once its debit is
   * committed and the payouts simulator has recorded the transfer (the server is then waiting
   * for an answer it will never record), or once the withdrawal answered or 30 s passed.
   */
  const withdrawalInFlight = async (
    w: NonNullable<Extract<Step, { kind: 'kill' }>['withdraw']>,
  ) => {
    const which = (step as Extract<Step, { kind: 'kill' }>).which;
    count(counts, `kill mid-withdrawal ending ${w.ending}`);
    await call(which, 'POST', api.devProviderFault.path, {
      body: { provider: 'flutterwave-transfers', fault: 'timeout', count: 1 },
    });
    const rid = `sim-${seed}-${index}-w`;
    let answered = false;
    const answer = call(which, 'POST', api.withdraw.path, {
      token: world.customers[w.who]!.token,
      body: {
        bank_code: SIMULATOR_BANKS[0]!.code,
        account_number: `012345${w.ending}`,
        amount: w.amount,
        pin: SIM_PIN,
      },
      requestId: rid,
    }).finally(() => (answered = true));
    const deadline = Date.now() + 30_000;
    while (!answered && Date.now() < deadline) {
      const key = await db
        .selectFrom('idempotency_keys')
        .select('transaction_id')
        .where('request_id', '=', rid)
        .executeTakeFirst();
      if (key?.transaction_id) {
        const made = await db
          .selectFrom('kv_store')
          .select('key')
          .where('namespace', '=', 'sim-flutterwave-payouts')
          .where('key', '=', `payout:${key.transaction_id}`)
          .executeTakeFirst();
        if (made) {
          book.cutWithdrawals.push(key.transaction_id);
          break;
        }
      }
      await sleep(20);
    }
    return { answer };
  };

  /**
   * An admin's catalogue change while the step's purchases run (ADR 0096's addendum); a plan
   * taken off sale is put back once they are done.
   */
  const withChange = async (change: CatalogueChange | undefined, work: Promise<unknown>) => {
    if (!change) return void (await work);
    const via = index % world.servers.length;
    const plan = PLANS[change.kind === 'sync' ? 'data' : change.plan];
    const edit = (body: Record<string, unknown>) =>
      call(via, 'PUT', api.editProduct.path, { token: admin, body: { ...plan, ...body } });
    const made =
      change.kind === 'sync'
        ? call(via, 'POST', api.syncCatalogue.path, { token: admin })
        : edit(change.kind === 'reprice' ? { price: change.price } : { on_sale: false });
    const [answer] = await Promise.all([made, work]);
    count(counts, `catalogue ${change.kind} answered ${answer.status}`);
    if (change.kind === 'off-sale') await edit({ on_sale: true });
  };

  count(counts, step.kind);
  switch (step.kind) {
    case 'purchase':
      await withChange(step.catalogue, purchase(step, ''));
      return;
    case 'burst':
      await withChange(step.catalogue, Promise.all(step.steps.map((p, i) => purchase(p, `.${i}`))));
      return;
    case 'kill': {
      const cut = step.withdraw ? await withdrawalInFlight(step.withdraw) : undefined;
      const inflight = Promise.all(step.inflight.map((p, i) => purchase(p, `.${i}`)));
      await sleep(step.afterMs);
      await world.kill(step.which);
      await inflight;
      if (cut) {
        const answer = await cut.answer;
        // Answered before the kill: the cut came too late to be in the call (a miss, counted).
        count(counts, answer.status === 0 ? 'kill cut a withdrawal' : 'kill missed a withdrawal');
      }
      await world.restart(step.which);
      return;
    }
    case 'card': {
      const c = world.customers[step.who]!;
      const init = await call(step.via, 'POST', api.initiatePayment.path, {
        token: c.token,
        body: { amount: step.amount },
      });
      if (init.status !== 200) return;
      const link = new URL(init.body.message as string);
      const txRef = decodeURIComponent(link.pathname.split('/').pop()!);
      const res = await fetch(`${world.base(step.via)}${link.pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `outcome=${step.outcome}`,
        redirect: 'manual',
      }).catch(() => undefined);
      // What the checkout page recorded: the chosen outcome once it answered its redirect.
      const outcome = res?.status === 302 ? step.outcome : 'not completed';
      book.cards.push({ txRef, who: step.who, outcome, amount: step.amount });
      const location = res?.headers.get('location');
      if (!location) return;
      const params = Object.fromEntries(new URL(location).searchParams);
      for (let i = 0; i < step.verifies; i++) {
        await call(step.via, 'POST', api.verifyPayment.path, {
          token: c.token,
          body: {
            status: params.status ?? '',
            tx_ref: params.tx_ref ?? txRef,
            ...(params.transaction_id ? { transaction_id: params.transaction_id } : {}),
          },
        });
      }
      return;
    }
    case 'transfer': {
      count(counts, `transfer webhook ${step.delivery}`);
      const account =
        step.who === null
          ? `09${String(index).padStart(8, '0')}`
          : world.customers[step.who]!.account;
      const form = new URLSearchParams({
        account,
        amount: String(step.amount),
        sender: 'Sim Sender',
      });
      if (step.delivery === 'twice') form.set('duplicate', '1');
      if (step.delivery === 'flat') form.set('flat', '1');
      if (step.delivery === 'lost') form.set('lost', '1');
      const res = await fetch(`${world.base(step.via)}/sandbox/transfer`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      }).catch(() => undefined);
      const text = (await res?.text()) ?? '';
      const id = /reference (\d+)/.exec(text)?.[1];
      if (res && res.status >= 500)
        book.serverErrors.push(`step ${index}: sandbox transfer answered ${res.status}`);
      if (id) {
        book.transfers.push({
          id,
          who: step.who,
          amount: step.amount,
          lost: step.delivery === 'lost',
        });
      }
      return;
    }
    case 'late-webhooks': {
      await deliverLost(world, book, step.via, step.twice);
      return;
    }
    case 'coupon': {
      count(counts, `coupon ${step.product}`);
      const c = world.customers[step.who]!;
      const body = {
        product: step.product,
        unit: step.units,
        pin: SIM_PIN,
        ...(step.product === 'CABLETV'
          ? { service_id: 'dstv', plan_id: 'dstv-padi' }
          : { amount: step.amount }),
        ...(step.product === 'ELECTRICITY' ? { service_id: 'ikeja-electric' } : {}),
      };
      const rid = `sim-${seed}-${index}`;
      let bought: Answer;
      if (step.key === 'none') {
        bought = await call(step.via, 'POST', api.buyCoupon.path, { token: c.token, body });
      } else {
        bought = await call(step.via, 'POST', api.buyCoupon.path, {
          token: c.token,
          body,
          requestId: rid,
        });
        const again = await call(step.via, 'POST', api.buyCoupon.path, {
          token: c.token,
          body,
          requestId: rid,
        });
        book.keyed.push({ rid, who: step.who, answers: [bought, again] });
      }
      const code = bought.body?.message?.[0]?.coupon_code as string | undefined;
      if (!step.gift || bought.status !== 200 || !code) return;
      // Given away: another customer redeems it; then maybe again, or twice at once (ADR 0093).
      const g = step.gift;
      count(counts, `coupon gift ${g.then}`);
      const redeem = async (who: number, via: number) => {
        const r = await call(via, 'POST', redeemPath(step.product), {
          token: world.customers[who]!.token,
          body: redeemBody(step.product, step.amount, g.ending, code),
        });
        count(counts, `coupon redemption answered ${r.status}`);
        return r;
      };
      if (g.then === 'race') {
        await Promise.all([
          redeem(g.to, g.via),
          redeem(g.second, (g.via + 1) % world.servers.length),
        ]);
      } else {
        await redeem(g.to, g.via);
        if (g.then === 'again') await redeem(g.second, g.via);
      }
      return;
    }
    case 'withdraw': {
      count(counts, `withdraw ending ${step.ending}`);
      count(counts, `withdraw key ${step.key}`);
      const c = world.customers[step.who]!;
      const body = {
        bank_code: SIMULATOR_BANKS[0]!.code,
        account_number: `012345${step.ending}`,
        amount: step.amount,
        pin: SIM_PIN,
      };
      const rid = `sim-${seed}-${index}`;
      if (step.fault) {
        count(counts, `fault flutterwave-transfers ${step.fault}`);
        await call(step.via, 'POST', api.devProviderFault.path, {
          body: { provider: 'flutterwave-transfers', fault: step.fault, count: 1 },
        });
      }
      try {
        if (step.key === 'none') {
          await call(step.via, 'POST', api.withdraw.path, { token: c.token, body });
        } else if (step.key === 'race') {
          const answers = await Promise.all(
            world.servers.map((_, via) =>
              call(via, 'POST', api.withdraw.path, { token: c.token, body, requestId: rid }),
            ),
          );
          book.keyed.push({ rid, who: step.who, answers });
        } else {
          const first = await call(step.via, 'POST', api.withdraw.path, {
            token: c.token,
            body,
            requestId: rid,
          });
          const again = await call(step.via, 'POST', api.withdraw.path, {
            token: c.token,
            body,
            requestId: rid,
          });
          book.keyed.push({ rid, who: step.who, answers: [first, again] });
        }
      } finally {
        if (step.fault) {
          await call(step.via, 'POST', api.devProviderFault.path, {
            body: { provider: 'flutterwave-transfers', fault: 'clear' },
          });
        }
      }
      return;
    }
    case 'share': {
      const from = world.customers[step.from]!;
      await call(step.via, 'POST', api.share.path, {
        token: from.token,
        body: { amount: step.amount, email: world.customers[step.to]!.email, pin: SIM_PIN },
      });
      return;
    }
    case 'reverse': {
      const rows = await db
        .selectFrom('transactions')
        .select(['id', 'user_id'])
        .where('provider_request_id', 'is not', null)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const row = rows[step.n % Math.max(1, rows.length)];
      if (!row) return;
      await call(step.via, 'POST', api.reverse.path, {
        token: admin,
        body: { userId: row.user_id, transactionId: row.id },
      });
      return;
    }
    case 'pending-action': {
      const rows = await db
        .selectFrom('transactions')
        .select('id')
        .where('status', '=', 'pending')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const row = rows[step.n % Math.max(1, rows.length)];
      if (!row) return;
      const path = step.action === 'fail' ? api.failPending.path : api.deliverPending.path;
      const res = await call(step.via, 'POST', path, { token: admin, body: { id: row.id } });
      if (res.status === 200) book.adminSettled.add(row.id);
      return;
    }
    case 'assign-held': {
      const rows = await db
        .selectFrom('bank_transfers')
        .select('id')
        .where('status', '=', 'held')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const row = rows[step.n % Math.max(1, rows.length)];
      if (!row) return;
      await call(step.via, 'POST', api.assignTransfer.path, {
        token: admin,
        body: { id: row.id, email: world.customers[step.who]!.email },
      });
      return;
    }
    case 'adjust': {
      const made = await call(step.via, 'POST', api.createAdjustment.path, {
        token: admin,
        body: {
          email: world.customers[step.who]!.email,
          direction: step.direction,
          amount: step.amount,
          reason: 'Simulation adjustment',
        },
      });
      const id = made.body?.message?.id as string | undefined;
      if (made.status !== 200 || !id || step.then === 'leave') return;
      const path = step.then === 'approve' ? api.approveAdjustment.path : api.rejectAdjustment.path;
      await call(step.via, 'POST', path, { token: world.checkerToken, body: { id } });
      return;
    }
    case 'approve': {
      const rows = await db
        .selectFrom('approvals')
        .select('id')
        .where('status', '=', 'pending')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const row = rows[step.n % Math.max(1, rows.length)];
      if (!row) return;
      const path = step.reject ? api.rejectApproval.path : api.approveApproval.path;
      await call(step.via, 'POST', path, { token: world.checkerToken, body: { id: row.id } });
      return;
    }
  }
}

/**
 * The webhooks of transfers sent with the webhook lost, delivered now (late), newest first
 * (out of order), in Flutterwave's flat shape (ADR 0039), once or twice each. The body is the
 * payments simulator's own record of the transfer; the server asks the simulator before it
 * credits anything, as it asks Flutterwave.
 */
export async function deliverLost(
  world: World,
  book: Ledgerbook,
  via: number,
  twice: boolean,
): Promise<void> {
  const lost = book.transfers.filter((t) => t.lost).reverse();
  for (const t of lost) {
    const row = await world.dbh.db
      .selectFrom('kv_store')
      .select('value')
      .where('namespace', '=', 'sim-flutterwave-payments')
      .where('key', '=', `tx:${t.id}`)
      .executeTakeFirst();
    if (!row) continue;
    const r = JSON.parse(row.value) as {
      id: string;
      txRef: string;
      flwRef: string;
      orderRef: string;
      amount: number;
      createdAt: string;
    };
    // The older flat shape (server/src/providers/simulators/flutterwave-payments.ts, flatWebhook).
    const body = {
      id: Number(r.id),
      txRef: r.txRef,
      flwRef: r.flwRef,
      orderRef: r.orderRef,
      createdAt: r.createdAt,
      amount: r.amount / 100,
      charged_amount: r.amount / 100,
      status: 'successful',
      currency: 'NGN',
      'event.type': 'BANK_TRANSFER_TRANSACTION',
    };
    for (let i = 0; i < (twice ? 2 : 1); i++) {
      const res = await fetch(`${world.base(via)}${api.paymentWebhook.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'verif-hash': SANDBOX_WEBHOOK_HASH },
        body: JSON.stringify(body),
      }).catch(() => undefined);
      if (res && res.status >= 500)
        book.serverErrors.push(`late webhook of ${t.id}: ${res.status}`);
    }
    t.lost = false;
  }
}

/** What the limits and the referral scheme did in the run (the soak's figures). */
async function countOutcomes(world: World, counts: Record<string, number>): Promise<void> {
  const db = world.dbh.db;
  for (const h of await db.selectFrom('held_credits').select(['reason', 'status']).execute()) {
    count(counts, `held credit (${h.reason}), ${h.status}`);
  }
  const commissions = await db
    .selectFrom('referral_commissions')
    .select(['reversed_at'])
    .where('source', '=', 'purchase')
    .execute();
  for (const c of commissions) {
    count(counts, c.reversed_at === null ? 'commission paid' : 'commission taken back');
  }
  for (const m of await db.selectFrom('sms_outbox').select('status').execute()) {
    count(counts, `sms ${m.status}`);
  }
}

/** Runs `schedule` in `world`: the cheap checks after every step, all of them at the end. */
export async function runSchedule(
  world: World,
  schedule: Schedule,
  counts: Record<string, number> = {},
  log: (line: string) => void = () => {},
  book: Ledgerbook = newBook(),
  bug?: PlantedBug,
): Promise<Failure | undefined> {
  for (const [index, step] of schedule.steps.entries()) {
    const began = performance.now();
    await runStep(world, book, step, index, schedule.seed, counts);
    await plant(world, bug, step);
    log(
      `  step ${index} (${((performance.now() - began) / 1000).toFixed(1)} s): ${describeStep(step)}`,
    );
    const problems = [
      ...(await checkInvariants(world.dbh.db)),
      ...(await checkFinalWithdrawals(world)),
      ...book.serverErrors.splice(0),
    ];
    if (problems.length > 0) return { at: index, problems };
  }
  // Quiescence: lost webhooks arrive at last, then the workers settle what is pending.
  await deliverLost(world, book, 0, false);
  const waited = performance.now();
  const settled = await quiesce(world);
  log(`  quiescent after ${((performance.now() - waited) / 1000).toFixed(1)} s`);
  await world.signInAgain();
  await countOutcomes(world, counts);
  const problems = [...settled, ...(await checkAll(world, book)), ...book.serverErrors.splice(0)];
  return problems.length > 0 ? { at: 'quiescence', problems } : undefined;
}

/** The worlds running now: the CLI stops their servers when it is interrupted. */
export const openWorlds = new Set<World>();

export interface SimulateOptions extends WorldSource {
  engine: Engine;
  log?: (line: string) => void;
  /** Test-only: a bug the harness plants (`SIM_PLANT`, sim/shrinking.test.ts). */
  bug?: PlantedBug;
}

/** One run of `schedule` in a new world. */
export async function runOnce(schedule: Schedule, o: SimulateOptions): Promise<RunResult> {
  const started = performance.now();
  const counts: Record<string, number> = {};
  let world: World;
  try {
    world = await createWorld(o.engine, o, clockStart(schedule.seed));
  } catch (error) {
    return {
      seed: schedule.seed,
      engine: o.engine,
      steps: schedule.steps.length,
      counts,
      ms: performance.now() - started,
      unstarted: String(error).split('\n')[0]!,
    };
  }
  openWorlds.add(world);
  o.log?.(`  world ready after ${((performance.now() - started) / 1000).toFixed(1)} s`);
  let failure: Failure | undefined;
  try {
    failure = await runSchedule(world, schedule, counts, o.log, newBook(), o.bug);
  } catch (error) {
    failure = { at: 'quiescence', problems: [`the run itself broke: ${String(error)}`] };
  } finally {
    openWorlds.delete(world);
    await world.close();
  }
  return {
    seed: schedule.seed,
    engine: o.engine,
    steps: schedule.steps.length,
    failure,
    counts,
    ms: performance.now() - started,
  };
}

export const instancesOf = (engine: Engine) => (engine === 'postgres' ? 2 : 1);

/** The seed's schedule, run once. */
export function simulate(seed: number, steps: number, o: SimulateOptions): Promise<RunResult> {
  return runOnce(generate(seed, steps, instancesOf(o.engine)), o);
}

/**
 * The shortest failing schedule found by dropping steps (chunks first, then one at a time):
 * a candidate is kept when `fails` says it still fails. Steps after the failing one are
 * dropped at once. `budget` caps the runs (each is a whole world when `fails` runs one).
 */
export async function shrink(
  schedule: Schedule,
  failure: Failure,
  fails: (candidate: Schedule) => Promise<Failure | undefined>,
  budget = 30,
): Promise<{ schedule: Schedule; failure: Failure; runs: number }> {
  let best = schedule;
  let bestFailure = failure;
  if (typeof failure.at === 'number') {
    best = { seed: schedule.seed, steps: schedule.steps.slice(0, failure.at + 1) };
  }
  let runs = 0;
  let chunk = Math.max(1, Math.floor(best.steps.length / 2));
  while (chunk >= 1 && runs < budget) {
    let dropped = false;
    for (let start = 0; start < best.steps.length && runs < budget;) {
      const candidate = {
        seed: best.seed,
        steps: [...best.steps.slice(0, start), ...best.steps.slice(start + chunk)],
      };
      if (candidate.steps.length === 0) {
        start += chunk;
        continue;
      }
      runs += 1;
      const again = await fails(candidate);
      if (again) {
        best = candidate;
        bestFailure = again;
        dropped = true;
      } else {
        start += chunk;
      }
    }
    if (!dropped) chunk = Math.floor(chunk / 2);
  }
  return { schedule: best, failure: bestFailure, runs };
}

/** The seed's schedule with only the steps at `indexes` (a shrunk schedule, replayed). */
export function only(schedule: Schedule, indexes: number[] | undefined): Schedule {
  if (!indexes) return schedule;
  return { seed: schedule.seed, steps: schedule.steps.filter((_, i) => indexes.includes(i)) };
}
