/**
 * A background worker: runs one pass at once (a restart picks up what a crash left) and then
 * every few seconds, never two passes at a time; stopping waits for the pass under way.
 *
 * A pass that asks providers one after another (the catalogue sync, the float poll) is given
 * `stopping()`: once the server shuts down it finishes the provider call it is in and asks no
 * more, so one SIGTERM stops the process within its drain time even behind a slow provider
 * (ADR 0017). What it did not reach, the next run does.
 */
import type { AppContext } from '../context.ts';

export function startWorker(
  ctx: AppContext,
  what: string,
  pass: (stopping: () => boolean) => Promise<unknown>,
  everyMs = 2_000,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  let stopped = false;
  const tick = () => {
    // A pass longer than the interval is not queued behind: chaining every tick on it let the
    // ticks of a long pass all start together once it ended (ADR 0035).
    if (stopped || busy) return;
    busy = true;
    running = pass(() => stopped)
      .catch((err: Error) => ctx.log.warn({ err: err.message }, `${what} pass failed`))
      .finally(() => {
        busy = false;
      });
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
