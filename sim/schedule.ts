/**
 * The schedule (ADR 0085): one seed → one list of steps, every random choice made here and
 * written into the step (who, which instance, which product, the provider's outcome, the
 * fault queued for the call, the retry, the kill point). Running a schedule makes no random
 * choice of its own, so `--seed N` replays it, and a shrunk schedule (steps dropped) keeps
 * every remaining step as it was. Steps name customers by index and earlier purchases or
 * transfers by a number taken modulo what exists when the step runs, so any subset of a
 * schedule still runs.
 */
import { LAGOS_OFFSET_MS } from '@contract/time';
import { createRng, type Rng } from './prng.ts';

/** Customers the simulation makes (indexes 0…CUSTOMERS-1), each funded at the start. */
export const CUSTOMERS = 3;

/**
 * The destination's last four digits choose the sandbox provider's answer (README "Sandbox",
 * server/src/providers/simulators/outcomes.ts): refused, pending then delivered or failed, the call lost
 * then delivered, a cut JSON body then delivered, or delivered at once.
 */
export const ENDINGS = {
  '5678': 'delivered',
  '0000': 'refused (VTpass 016)',
  '1111': 'pending, then delivered',
  '2222': 'pending, then failed',
  '3333': 'no answer (timeout), then delivered',
  '4444': 'malformed body, then delivered',
} as const;
export type Ending = keyof typeof ENDINGS;

export const PRODUCTS = ['airtime', 'data', 'cable', 'electricity', 'education'] as const;
export type Product = (typeof PRODUCTS)[number];

/**
 * What a provider does to one call (`POST /api/dev/provider-fault`): a documented refusal, no
 * answer at all, an HTTP 500 or a 200 with a cut JSON body (the last two after the simulator
 * did the call's work, as a provider failing while it answers).
 */
export type FaultKind = 'refuse' | 'timeout' | 'error' | 'malformed';

/**
 * A fault queued on the serving instance's provider simulator for its next purchase call.
 * `count` above 1 on VTpass keeps it down for the purchase's failover too.
 */
export interface CallFault {
  provider: 'vtpass' | 'flutterwave';
  fault: FaultKind;
  count: number;
}

/**
 * The payouts simulator's answer to a withdrawal, by the account number's last four digits
 * (server/src/providers/simulators/flutterwave-payouts.ts): paid, failed at once, pending then paid or
 * failed, no answer (made) then paid, a cut body then paid.
 */
export const PAYOUT_ENDINGS = {
  '5678': 'paid',
  '0000': 'failed at once',
  '1111': 'pending, then paid',
  '2222': 'pending, then failed',
  '3333': 'no answer (made), then paid',
  '4444': 'malformed body, then paid',
} as const;
export type PayoutEnding = keyof typeof PAYOUT_ENDINGS;

/** Coupons bought to gift (ADR 0020): products priced by an amount or by a plan. */
export const COUPON_KINDS = ['AIRTIME', 'ELECTRICITY', 'CABLETV'] as const;

/**
 * How a purchase's `x-request-id` is used: none; sent again with the same key after the first
 * answer (a client retry); sent again with a new key (a double tap); sent to both instances at
 * once with one key (a retry racing its original).
 */
export type KeyUse = 'none' | 'same' | 'new' | 'race';

/**
 * An admin's change to the catalogue made while a purchase step runs (ADR 0096's addendum): a
 * new price for the data or TV plan the purchases buy, the plan taken off sale (and put back
 * once the step is done), or a catalogue sync with the providers.
 */
export type CatalogueChange =
  | { kind: 'reprice'; plan: 'data' | 'cable'; price: number }
  | { kind: 'off-sale'; plan: 'data' | 'cable' }
  | { kind: 'sync' };

export type Step =
  | {
      kind: 'purchase';
      who: number;
      via: number;
      product: Product;
      ending: Ending;
      /** Naira (airtime and electricity; the others are priced by their plan). */
      amount: number;
      key: KeyUse;
      /** Through the reseller API (the customer's `X-Api-Key`; a request id always sent). */
      apiKey: boolean;
      fault?: CallFault;
      /** Only on a step of its own (not in a burst or a kill). */
      catalogue?: CatalogueChange;
    }
  | {
      kind: 'card';
      who: number;
      via: number;
      amount: number;
      outcome: 'successful' | 'failed' | 'cancelled';
      /** How many times the browser's return is verified (0: closed the tab; 2: reloaded). */
      verifies: 0 | 1 | 2;
    }
  | {
      kind: 'transfer';
      /** null: an account number that is nobody's (held for an admin). */
      who: number | null;
      via: number;
      amount: number;
      delivery: 'once' | 'twice' | 'flat' | 'lost';
    }
  /** Coupons bought from the wallet (one debit, `units` codes), the request id used as `key`. */
  | {
      kind: 'coupon';
      who: number;
      via: number;
      product: (typeof COUPON_KINDS)[number];
      /** Naira per coupon (airtime and electricity). */
      amount: number;
      units: number;
      key: 'none' | 'same';
      /** The first code given to another customer, who redeems it (ADR 0093). */
      gift?: Gift;
    }
  /**
   * A withdrawal to a bank account through Flutterwave Transfers (ADR 0084): the account's last
   * four digits choose the payouts simulator's answer, and a fault may meet its create call.
   */
  | {
      kind: 'withdraw';
      who: number;
      via: number;
      ending: PayoutEnding;
      /** Naira. */
      amount: number;
      key: KeyUse;
      fault?: FaultKind;
    }
  /** Delivers the webhooks of lost transfers late, newest first (out of order), once or twice. */
  | { kind: 'late-webhooks'; via: number; twice: boolean }
  | { kind: 'share'; from: number; to: number; via: number; amount: number }
  /** An admin asks to reverse the n-th purchase so far (refused unless it failed unrefunded). */
  | { kind: 'reverse'; via: number; n: number }
  /** An admin settles the n-th purchase still pending by hand. */
  | { kind: 'pending-action'; via: number; n: number; action: 'fail' | 'deliver' }
  /** An admin assigns the n-th held transfer to a customer. */
  | { kind: 'assign-held'; via: number; n: number; who: number }
  /**
   * An admin adjusts a wallet (credit or debit, naira); a second admin approves or rejects it
   * (four eyes), or leaves it pending.
   */
  | {
      kind: 'adjust';
      via: number;
      who: number;
      direction: 'credit' | 'debit';
      amount: number;
      then: 'approve' | 'reject' | 'leave';
    }
  /** The second admin approves (or rejects) the n-th request waiting for approval. */
  | { kind: 'approve'; via: number; n: number; reject: boolean }
  /** Several purchases at once, spread over the instances. */
  | { kind: 'burst'; steps: Extract<Step, { kind: 'purchase' }>[]; catalogue?: CatalogueChange }
  /**
   * SIGKILL of instance `which` `afterMs` after `inflight` purchases were sent to it (0: idle),
   * then a restart on the same database.
   */
  | {
      kind: 'kill';
      which: number;
      inflight: Extract<Step, { kind: 'purchase' }>[];
      afterMs: number;
      /**
       * A withdrawal sent to the same instance whose Flutterwave transfer call never answers:
       * the kill comes `afterMs` after the payouts simulator recorded the transfer, while our
       * server still waits for the answer (ADR 0093). The purchases' `afterMs` then counts
       * from the same moment.
       */
      withdraw?: { who: number; ending: PayoutEnding; amount: number };
    };

/**
 * A coupon given away (ADR 0093): customer `to` redeems it on its product's screen with a
 * destination ending in `ending` (the provider's answer); `then` is what follows: nothing, a
 * second redemption of the same code afterwards (by `second`), or two redemptions of it at
 * once (`to` and `second`, on both instances when there are two).
 */
export interface Gift {
  to: number;
  via: number;
  ending: Ending;
  then: 'once' | 'again' | 'race';
  second: number;
}

export interface Schedule {
  seed: number;
  steps: Step[];
}

/**
 * The draws added after ADR 0085's schedule (ADR 0093: the kill mid-withdrawal, coupon gifts)
 * come from a second stream of the same seed, so every step the first stream made stays as it
 * was: a seed's purchases, faults and kill point replay as before these were added.
 */
function extraRng(seed: number): Rng {
  return createRng((seed * 2_654_435_761 + 93) % 4_294_967_296);
}

/** A Lagos midnight (2031-03-03) the worlds' clocks start from (ADR 0096). */
const FIRST_DAY = Date.UTC(2031, 2, 3) - LAGOS_OFFSET_MS;
const DAY_MS = 24 * 60 * 60_000;

/**
 * The instant a seed's world starts at (ADR 0096), from a third stream of the seed (the
 * schedule's draws stay as they were): a minute of one fixed Lagos day, or, for one run in
 * eight, 5 to 90 seconds before that day's end, so that its steps straddle midnight and the
 * wallets' daily limits turn over mid-run. A replay starts at the same instant.
 */
export function clockStart(seed: number): number {
  const rng = createRng((seed * 2_654_435_761 + 96) % 4_294_967_296);
  if (rng.chance(1 / 8)) return FIRST_DAY + DAY_MS - rng.int(5, 90) * 1000;
  return FIRST_DAY + rng.int(0, 24 * 60 - 1) * 60_000;
}

const ENDING_WEIGHTS: Record<Ending, number> = {
  '5678': 5,
  '0000': 2,
  '1111': 2,
  '2222': 2,
  '3333': 1,
  '4444': 1,
};

function purchase(rng: Rng, instances: number): Extract<Step, { kind: 'purchase' }> {
  const product = rng.pick(PRODUCTS);
  const step: Extract<Step, { kind: 'purchase' }> = {
    kind: 'purchase',
    who: rng.int(0, CUSTOMERS - 1),
    via: rng.int(0, instances - 1),
    product,
    ending: rng.weighted(ENDING_WEIGHTS),
    amount: product === 'electricity' ? rng.int(5, 20) * 100 : rng.int(50, 500),
    key: rng.weighted({ none: 5, same: 2, new: 1, race: instances > 1 ? 1 : 0 }),
    apiKey: rng.chance(0.2),
  };
  if (rng.chance(0.25)) {
    step.fault = {
      provider: rng.weighted({ vtpass: 3, flutterwave: 1 }),
      fault: rng.weighted({ refuse: 2, timeout: 1, error: 1, malformed: 1 }),
      count: rng.int(1, 3),
    };
  }
  return step;
}

/** One purchase step in five meets an admin's catalogue change, from a fourth stream. */
function catalogueChange(rng: Rng): CatalogueChange | undefined {
  if (!rng.chance(0.2)) return undefined;
  const kind = rng.weighted({ reprice: 3, 'off-sale': 1, sync: 1 });
  if (kind === 'sync') return { kind };
  const plan = rng.pick(['data', 'cable'] as const);
  return kind === 'reprice' ? { kind, plan, price: rng.int(1, 40) * 50 } : { kind, plan };
}

/** `instances`: 2 (two servers on one PostgreSQL) or 1 (SQLite). */
export function generate(seed: number, steps: number, instances: number): Schedule {
  const rng = createRng(seed);
  const extra = extraRng(seed);
  const admin = createRng((seed * 2_654_435_761 + 97) % 4_294_967_296);
  const out: Step[] = [];
  // The kill comes at a seeded point of the run's middle, at most once per run.
  const killAt = steps >= 6 ? rng.int(Math.floor(steps / 3), Math.floor((2 * steps) / 3)) : -1;
  for (let i = 0; i < steps; i++) {
    if (i === killAt) {
      const inflight = Array.from({ length: rng.int(0, 4) }, () => purchase(rng, instances));
      const which = rng.int(0, instances - 1);
      for (const p of inflight) {
        p.via = which;
        // A key racing on the other instance is a different step; kill-time purchases keep one.
        if (p.key === 'race') p.key = 'none';
      }
      const kill: Extract<Step, { kind: 'kill' }> = {
        kind: 'kill',
        which,
        inflight,
        afterMs: rng.int(0, 400),
      };
      // Half the kills cut a withdrawal's transfer call as well (under its 2 s time-out).
      if (extra.chance(0.5)) {
        kill.withdraw = {
          who: extra.int(0, CUSTOMERS - 1),
          ending: extra.weighted({ '5678': 3, '1111': 1, '2222': 1, '0000': 1 }),
          amount: extra.int(1, 30) * 100,
        };
        kill.afterMs = extra.int(0, 600);
      }
      out.push(kill);
      continue;
    }
    const kind = rng.weighted({
      purchase: 10,
      burst: 2,
      card: 3,
      transfer: 3,
      coupon: 2,
      withdraw: 3,
      'late-webhooks': 1,
      share: 2,
      reverse: 1,
      'pending-action': 1,
      'assign-held': 1,
      adjust: 1,
      approve: 1,
    });
    const via = rng.int(0, instances - 1);
    switch (kind) {
      case 'purchase': {
        const step = purchase(rng, instances);
        const change = catalogueChange(admin);
        out.push(change ? { ...step, catalogue: change } : step);
        break;
      }
      case 'burst': {
        const steps = Array.from({ length: rng.int(2, 5) }, () => purchase(rng, instances));
        const change = catalogueChange(admin);
        out.push({ kind: 'burst', steps, ...(change ? { catalogue: change } : {}) });
        break;
      }
      case 'card':
        out.push({
          kind: 'card',
          who: rng.int(0, CUSTOMERS - 1),
          via,
          amount: rng.int(1, 50) * 100,
          outcome: rng.weighted({ successful: 4, failed: 1, cancelled: 1 }),
          verifies: rng.pick([0, 1, 1, 2] as const),
        });
        break;
      case 'transfer':
        out.push({
          kind: 'transfer',
          who: rng.chance(0.2) ? null : rng.int(0, CUSTOMERS - 1),
          via,
          amount: rng.int(1, 100) * 100,
          delivery: rng.weighted({ once: 3, twice: 2, flat: 1, lost: 2 }),
        });
        break;
      case 'coupon': {
        const product = rng.pick(COUPON_KINDS);
        const who = rng.int(0, CUSTOMERS - 1);
        out.push({
          kind: 'coupon',
          who,
          via,
          product,
          amount: rng.int(200, 1000),
          units: rng.int(1, 3),
          key: rng.chance(0.3) ? 'same' : 'none',
          ...(extra.chance(0.7)
            ? {
                gift: {
                  to: (who + extra.int(1, CUSTOMERS - 1)) % CUSTOMERS,
                  via: extra.int(0, instances - 1),
                  ending: extra.weighted({ '5678': 4, '0000': 1, '2222': 1 }),
                  then: extra.weighted({ once: 1, again: 1, race: 1 }),
                  second: extra.int(0, CUSTOMERS - 1),
                },
              }
            : {}),
        });
        break;
      }
      case 'withdraw': {
        const step: Extract<Step, { kind: 'withdraw' }> = {
          kind: 'withdraw',
          who: rng.int(0, CUSTOMERS - 1),
          via,
          ending: rng.weighted({
            '5678': 4,
            '0000': 2,
            '1111': 2,
            '2222': 2,
            '3333': 1,
            '4444': 1,
          }),
          // Under the new account's ₦20,000 first-day cap for most runs (ADR 0084).
          amount: rng.int(1, 30) * 100,
          key: rng.weighted({ none: 4, same: 2, new: 0, race: instances > 1 ? 1 : 0 }),
        };
        if (rng.chance(0.35)) {
          step.fault = rng.weighted({ refuse: 1, timeout: 1, error: 2, malformed: 2 });
        }
        out.push(step);
        break;
      }
      case 'late-webhooks':
        out.push({ kind: 'late-webhooks', via, twice: rng.chance(0.5) });
        break;
      case 'share': {
        const from = rng.int(0, CUSTOMERS - 1);
        out.push({
          kind: 'share',
          from,
          to: (from + rng.int(1, CUSTOMERS - 1)) % CUSTOMERS,
          via,
          amount: rng.int(1, 30) * 100,
        });
        break;
      }
      case 'reverse':
        out.push({ kind: 'reverse', via, n: rng.int(0, 999) });
        break;
      case 'pending-action':
        out.push({
          kind: 'pending-action',
          via,
          n: rng.int(0, 999),
          action: rng.chance(0.5) ? 'fail' : 'deliver',
        });
        break;
      case 'assign-held':
        out.push({ kind: 'assign-held', via, n: rng.int(0, 999), who: rng.int(0, CUSTOMERS - 1) });
        break;
      case 'adjust':
        out.push({
          kind: 'adjust',
          via,
          who: rng.int(0, CUSTOMERS - 1),
          direction: rng.chance(0.5) ? 'credit' : 'debit',
          amount: rng.int(1, 200) * 10,
          then: rng.weighted({ approve: 3, reject: 1, leave: 1 }),
        });
        break;
      case 'approve':
        out.push({ kind: 'approve', via, n: rng.int(0, 999), reject: rng.chance(0.25) });
        break;
    }
  }
  return { seed, steps: out };
}

const describeChange = (c: CatalogueChange | undefined): string => {
  if (!c) return '';
  if (c.kind === 'sync') return '; meanwhile an admin syncs the catalogue';
  const plan = c.plan === 'data' ? 'the data plan' : 'the TV plan';
  return c.kind === 'reprice'
    ? `; meanwhile an admin reprices ${plan} to ₦${c.price}`
    : `; meanwhile an admin takes ${plan} off sale (back on after the step)`;
};

/** One line per step, for a failure report (the shortest failing schedule). */
export function describeStep(step: Step): string {
  switch (step.kind) {
    case 'purchase': {
      const fault = step.fault
        ? `, ${step.fault.provider} ${step.fault.fault} ×${step.fault.count}`
        : '';
      return `purchase ${step.product} by c${step.who} on #${step.via}, ending ${step.ending} (${ENDINGS[step.ending]}), ₦${step.amount}, key ${step.key}${step.apiKey ? ', API key' : ''}${fault}${describeChange(step.catalogue)}`;
    }
    case 'burst':
      return `burst [${step.steps.map(describeStep).join('; ')}]${describeChange(step.catalogue)}`;
    case 'kill':
      return step.withdraw
        ? `SIGKILL #${step.which} ${step.afterMs} ms after Flutterwave recorded c${step.withdraw.who}'s withdrawal of ₦${step.withdraw.amount} to an account ending ${step.withdraw.ending} (${PAYOUT_ENDINGS[step.withdraw.ending]}) whose answer never comes, with ${step.inflight.length} purchase(s) [${step.inflight.map(describeStep).join('; ')}], then restart`
        : `SIGKILL #${step.which} ${step.afterMs} ms after ${step.inflight.length} purchase(s) [${step.inflight.map(describeStep).join('; ')}], then restart`;
    case 'card':
      return `card ₦${step.amount} by c${step.who} on #${step.via}: ${step.outcome}, verified ×${step.verifies}`;
    case 'transfer':
      return `bank transfer ₦${step.amount} to ${step.who === null ? 'nobody' : `c${step.who}`} (webhook ${step.delivery}) on #${step.via}`;
    case 'coupon':
      return `coupons ${step.units} × ${step.product}${step.product === 'CABLETV' ? '' : ` ₦${step.amount}`} by c${step.who} on #${step.via}, key ${step.key}${step.gift ? `; the first given to c${step.gift.to}, who redeems it on #${step.gift.via} ending ${step.gift.ending} (${ENDINGS[step.gift.ending]})${step.gift.then === 'again' ? `, then c${step.gift.second} redeems it again` : step.gift.then === 'race' ? `, c${step.gift.second} redeeming it at the same time` : ''}` : ''}`;
    case 'withdraw':
      return `withdraw ₦${step.amount} by c${step.who} on #${step.via} to an account ending ${step.ending} (${PAYOUT_ENDINGS[step.ending]}), key ${step.key}${step.fault ? `, transfer call ${step.fault}` : ''}`;
    case 'late-webhooks':
      return `late webhooks of lost transfers, newest first${step.twice ? ', twice' : ''}, on #${step.via}`;
    case 'share':
      return `share ₦${step.amount} c${step.from} → c${step.to} on #${step.via}`;
    case 'reverse':
      return `admin reverse purchase n=${step.n} on #${step.via}`;
    case 'pending-action':
      return `admin marks pending n=${step.n} ${step.action} on #${step.via}`;
    case 'assign-held':
      return `admin assigns held transfer n=${step.n} to c${step.who} on #${step.via}`;
    case 'adjust':
      return `admin ${step.direction}s c${step.who} ₦${step.amount}, second admin ${step.then}s, on #${step.via}`;
    case 'approve':
      return `second admin ${step.reject ? 'rejects' : 'approves'} waiting request n=${step.n} on #${step.via}`;
  }
}
