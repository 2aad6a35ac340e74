/**
 * The sandbox's provider switch (ADR 0052): makes the VTpass or Flutterwave bills
 * simulator refuse, never answer, or answer slowly on its next purchase calls, or clears that.
 * Shared by `POST /api/dev/provider-fault` and the sandbox page `/sandbox/providers`, so both
 * queue the same faults and the page shows what either queued. The page also switches the
 * Termii SMS simulator's send calls (a 5xx, a refusal, a time-out: ADR 0082), below.
 */
import { ROUTE_PROVIDER_LABELS, type RouteProvider } from '@contract';
import type { SimulatorFault, SimulatorFaults } from './faults.ts';
import type { Simulators } from './index.ts';

export type ProviderFaultKind = 'refuse' | 'timeout' | 'slow' | 'error' | 'malformed';

/** At most this many queued at once per click or call (the contract's `count`). */
export const MAX_FAULT_COUNT = 50;
/** A slow answer waits at most this long (beyond any timeout the adapters keep). */
export const MAX_SLOW_SECONDS = 300;

/** The simulator route each adapter's purchase call reaches. */
const PURCHASE_ROUTE: Readonly<Record<RouteProvider, string>> = {
  vtpass: 'pay',
  flutterwave: 'payment',
};

const faultsOf = (sims: Pick<Simulators, 'vtpass' | 'bills'>, provider: RouteProvider) =>
  provider === 'vtpass' ? sims.vtpass.faults : sims.bills.faults;

/**
 * A refusal each provider documents as "not processed, not charged": VTpass 016 (TRANSACTION
 * FAILED, vtpass.com/documentation/response-codes/), Flutterwave a 400 error envelope
 * (developer.flutterwave.com/docs/handling-error-timeouts: a 4xx refuses before any charge).
 */
function faultFor(
  provider: RouteProvider,
  kind: ProviderFaultKind,
  seconds: number,
): SimulatorFault {
  if (kind === 'timeout') return { kind: 'hang' } as const;
  // A provider failing while it answers: the simulator has done the work, the answer is an
  // HTTP 500 or a 200 with a cut JSON body (faults.ts); the adapter must treat both as unknown.
  if (kind === 'error') return { kind: 'status', status: 500 } as const;
  if (kind === 'malformed') return { kind: 'malformed' } as const;
  if (kind === 'slow') return { kind: 'slow', ms: seconds * 1000 } as const;
  return provider === 'vtpass'
    ? ({ kind: 'code', code: '016', message: 'TRANSACTION FAILED' } as const)
    : ({ kind: 'code', code: '400', message: 'Simulated refusal (sandbox fault)' } as const);
}

/** Queues `count` faults on the provider's purchase route; answers how many are queued now. */
export function queueProviderFault(
  sims: Pick<Simulators, 'vtpass' | 'bills'>,
  provider: RouteProvider,
  kind: ProviderFaultKind,
  count: number,
  seconds = 10,
): number {
  const faults = faultsOf(sims, provider);
  const route = PURCHASE_ROUTE[provider];
  const fault: SimulatorFault = faultFor(provider, kind, seconds);
  for (let i = 0; i < count; i++) faults.inject(route, fault);
  return faults.queued(route).length;
}

/** The payouts simulator's route a withdrawal's transfer reaches (`POST /v3/transfers`). */
const TRANSFER_CREATE_ROUTE = 'transfers.create';

/**
 * Queues `count` faults on Flutterwave Transfers' create calls (withdrawals, ADR 0084); answers
 * how many are queued now. `refuse` is a 400 in Flutterwave's error envelope
 * (developer.flutterwave.com/docs/integration-guides/errors); the others as `faultFor`.
 */
export function queuePayoutFault(
  sims: Pick<Simulators, 'payouts'>,
  kind: Exclude<ProviderFaultKind, 'slow'>,
  count: number,
): number {
  const fault: SimulatorFault =
    kind === 'refuse'
      ? { kind: 'code', code: '400', message: 'Simulated refusal (sandbox fault)' }
      : faultFor('flutterwave', kind, 0);
  for (let i = 0; i < count; i++) sims.payouts.faults.inject(TRANSFER_CREATE_ROUTE, fault);
  return sims.payouts.faults.queued(TRANSFER_CREATE_ROUTE).length;
}

/** Drops the provider's queued faults (a standing SANDBOX_LATENCY_MS stays: set for the run). */
export function clearProviderFaults(
  sims: Pick<Simulators, 'vtpass' | 'bills'>,
  provider: RouteProvider,
): void {
  faultsOf(sims, provider).clear();
}

/** What the next purchase calls of a provider meet, in words, grouped in order. */
export interface ProviderFaultState {
  provider: RouteProvider;
  label: string;
  /** e.g. ["2 refused", "1 never answered", "3 answered after 10 s"], in the order met. */
  queued: string[];
  /** A standing latency every call of this simulator waits (SANDBOX_LATENCY_MS), ms. */
  latencyMs: number;
}

const describe = (fault: SimulatorFault): string => {
  switch (fault.kind) {
    case 'code':
    case 'status':
      return 'refused';
    case 'hang':
      return 'never answered (time-out)';
    case 'slow':
      return `answered after ${Math.round(fault.ms / 1000)} s`;
    case 'malformed':
      return 'answered with a cut body';
  }
};

export function providerFaultState(
  sims: Pick<Simulators, 'vtpass' | 'bills'>,
  provider: RouteProvider,
): ProviderFaultState {
  const faults: SimulatorFaults = faultsOf(sims, provider);
  const groups: { text: string; n: number }[] = [];
  for (const fault of faults.queued(PURCHASE_ROUTE[provider])) {
    const text = describe(fault);
    const last = groups[groups.length - 1];
    if (last && last.text === text) last.n += 1;
    else groups.push({ text, n: 1 });
  }
  return {
    provider,
    label: ROUTE_PROVIDER_LABELS[provider],
    queued: groups.map((g) => `${g.n} ${g.text}`),
    latencyMs: faults.latencyMs,
  };
}

// ── Termii (ADR 0079): the SMS simulator's send calls ───────────────────────────

/**
 * What the sandbox page makes the Termii simulator's next send calls meet, each as Termii's
 * error page (https://developers.termii.com/error) describes it: `error` a 5xx ("Something went
 * wrong on Termii's end": the outbox tries again later), `refuse` a 400 with one of the page's
 * common errors, "You are not set up on this route" (final: never re-sent), `timeout` no answer
 * (the adapter's time-out: tried again later, ADR 0079).
 */
export type SmsFaultKind = 'error' | 'refuse' | 'timeout';

/** The Termii simulator's route the SMS outbox's sends reach. */
const SMS_SEND_ROUTE = 'send';

function smsFault(kind: SmsFaultKind): SimulatorFault {
  if (kind === 'timeout') return { kind: 'hang' };
  if (kind === 'error') {
    return { kind: 'status', status: 500, body: { message: 'Internal Server Error' } };
  }
  return { kind: 'code', code: '400', message: 'You are not set up on this route' };
}

/** Queues `count` faults on the Termii simulator's send route; answers how many are queued. */
export function queueSmsFault(
  sims: Pick<Simulators, 'termii'>,
  kind: SmsFaultKind,
  count: number,
): number {
  const fault = smsFault(kind);
  for (let i = 0; i < count; i++) sims.termii.faults.inject(SMS_SEND_ROUTE, fault);
  return sims.termii.faults.queued(SMS_SEND_ROUTE).length;
}

/** Drops the Termii simulator's queued faults. */
export function clearSmsFaults(sims: Pick<Simulators, 'termii'>): void {
  sims.termii.faults.clear();
}

const describeSms = (fault: SimulatorFault): string => {
  switch (fault.kind) {
    case 'status':
      return `failed with HTTP ${fault.status} (tried again later)`;
    case 'code':
      return 'refused (not sent again)';
    case 'hang':
      return 'never answered (time-out, tried again later)';
    case 'slow':
      return `answered after ${Math.round(fault.ms / 1000)} s`;
    case 'malformed':
      return 'answered with a cut body';
  }
};

/** What the Termii simulator's next send calls meet, in words, grouped in order. */
export function smsFaultState(sims: Pick<Simulators, 'termii'>): string[] {
  const groups: { text: string; n: number }[] = [];
  for (const fault of sims.termii.faults.queued(SMS_SEND_ROUTE)) {
    const text = describeSms(fault);
    const last = groups[groups.length - 1];
    if (last && last.text === text) last.n += 1;
    else groups.push({ text, n: 1 });
  }
  return groups.map((g) => `${g.n} ${g.text}`);
}
