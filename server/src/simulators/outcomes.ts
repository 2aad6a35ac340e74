/**
 * What both simulators share beyond the providers' own documented numbers (ADR 0043): the
 * outcome a destination's last four digits choose (the README's sandbox table, which the demo
 * and the tests rely on), and the made-up customers a lookup answers with.
 */

/** The last-four-digit outcomes: 0000 refused, 1111/2222 pending, 3333 lost, 4444 garbled. */
export type LastFourScenario =
  | 'fail'
  | 'pending-then-success'
  | 'pending-then-fail'
  | 'timeout-then-success'
  | 'malformed-then-success'
  | 'success';

export function lastFourScenario(destination: string): LastFourScenario {
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

export const CUSTOMER_NAMES = [
  'ADEBAYO OLUWASEUN',
  'CHUKWUEMEKA NWOSU',
  'FATIMA BELLO',
  'NGOZI OKAFOR',
  'IBRAHIM MUSA',
  'FUNMILAYO ADEYEMI',
] as const;

export const STREETS = [
  '12 Allen Avenue, Ikeja, Lagos',
  '5 Aba Road, Port Harcourt',
  '23 Ahmadu Bello Way, Kaduna',
  '41 Ring Road, Ibadan',
] as const;

/** The same entry for the same key, every time (a lookup names a number's owner steadily). */
export function pick<T>(list: readonly T[], key: string): T {
  let sum = 0;
  for (const ch of key) sum = (sum * 31 + ch.charCodeAt(0)) % 1_000_003;
  return list[sum % list.length] as T;
}

/**
 * Runs changes to a simulator's memory one at a time (a resend racing its own first call, two
 * bills spending the same naira): each waits for the one before, whatever that one's outcome.
 */
export function oneAtATime(): <T>(fn: () => Promise<T>) => Promise<T> {
  let chain: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const run = chain.then(fn, fn);
    chain = run.catch(() => undefined);
    return run;
  };
}
