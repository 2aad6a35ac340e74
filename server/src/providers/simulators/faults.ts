/**
 * Failure injection for the provider simulators (tests, the bench's slow-provider case): a
 * queue of faults per route name, each taken by the next call of that route, plus an optional
 * standing latency. A fault changes only the transport or the answer's envelope: what the
 * simulator remembers of a purchase is decided as usual, so a test can check that the adapter
 * recovers (requery) after a timeout or a malformed body.
 */
export type SimulatorFault =
  /** Answer normally, after this many ms. */
  | { kind: 'slow'; ms: number }
  /** Never answer (the caller's own timeout decides). */
  | { kind: 'hang' }
  /** Answer this HTTP status with this body (JSON when an object, as is when a string). */
  | { kind: 'status'; status: number; body?: unknown }
  /** Answer 200 with a body cut in the middle of its JSON. */
  | { kind: 'malformed' }
  /** Answer the provider's documented envelope with this code (e.g. VTpass `027`). */
  | { kind: 'code'; code: string; message?: string };

export interface SimulatorFaults {
  /** The next call of `route` meets `fault` (queued: one fault per call). */
  inject(route: string, fault: SimulatorFault): void;
  /** Takes the fault for this call of `route`, if any. */
  take(route: string): SimulatorFault | undefined;
  /** The faults still queued for `route`, in order (a copy: the sandbox page shows them). */
  queued(route: string): SimulatorFault[];
  /** Every call waits this long first (0: none). */
  latencyMs: number;
  /** Drops the queued faults; the latency goes back to the standing one it was made with. */
  clear(): void;
}

/**
 * `standingMs`: the latency every call meets from the start (SANDBOX_LATENCY_MS, the bench's
 * slow provider); a sandbox tester's "clear" keeps it, since it was set for the whole run.
 */
export function createFaults(standingMs = 0): SimulatorFaults {
  const queues = new Map<string, SimulatorFault[]>();
  return {
    latencyMs: standingMs,
    inject(route, fault) {
      const queue = queues.get(route) ?? [];
      queue.push(fault);
      queues.set(route, queue);
    },
    take(route) {
      const queue = queues.get(route);
      const fault = queue?.shift();
      if (queue && queue.length === 0) queues.delete(route);
      return fault;
    },
    queued(route) {
      return [...(queues.get(route) ?? [])];
    },
    clear() {
      queues.clear();
      this.latencyMs = standingMs;
    },
  };
}
