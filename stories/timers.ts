/**
 * Waits until `ms` after `from` (a performance.now() time). Two timers run in the order they
 * fall due, so when `from` is no later than the moment a component starts its own timer of
 * more than `ms`, the check after this wait always runs before that timer, however busy the
 * machine: no race on the wall clock.
 */
export function untilAfter(from: number, ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, from + ms - performance.now()));
}
