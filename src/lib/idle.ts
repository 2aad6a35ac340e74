import { useEffect, useState } from 'react';

/**
 * Runs `fn` once the main thread is idle (requestIdleCallback), or after `timeoutMs` at the
 * latest; where the browser has no idle callbacks, after a zero timeout. For work a screen
 * does not need for its first paint (docs/decisions/0031). Returns a cancel function.
 */
export function whenIdle(fn: () => void, timeoutMs = 2_000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 0);
  return () => clearTimeout(id);
}

/** False on the first render, true once the main thread has been idle after it (whenIdle). */
export function useIdle(timeoutMs?: number): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true), timeoutMs), [timeoutMs]);
  return idle;
}
