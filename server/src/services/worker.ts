/**
 * A background worker: runs one pass at once (a restart picks up what a crash left) and then
 * every few seconds, never two passes at a time; stopping waits for the pass under way.
 */
import type { AppContext } from '../context.ts';

export function startWorker(
  ctx: AppContext,
  what: string,
  pass: () => Promise<unknown>,
  everyMs = 2_000,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = pass().catch((err: Error) =>
      ctx.log.warn({ err: err.message }, `${what} pass failed`),
    );
  };
  tick();
  const timer = setInterval(() => {
    void running.then(tick);
  }, everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
