/**
 * The simulation's clock (docs/decisions/0096-simulation-clock.md), loaded into every server
 * process of a simulated world before the server itself (`node --import`). With
 * `SIM_CLOCK_FILE` set, every reading of the time in the process answers the real time plus the
 * offset that file holds, in milliseconds: `Date.now()`, `new Date()` and `Date()`, so the
 * server, the provider simulators it serves and the libraries it calls (token expiry, logs)
 * all read one clock. The harness writes the file: a seeded starting instant when the world is
 * made, and later offsets to move time forward; both instances and a restarted one read the
 * same file. Without the variable nothing is changed.
 *
 * It lives in `sim/` and is loaded only by the harness: `npm start`, the server's own code and
 * its tests never read it.
 */
import { readFileSync } from 'node:fs';

const file = process.env.SIM_CLOCK_FILE;
if (file) {
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  const read = () => {
    try {
      const text = readFileSync(file, 'utf8');
      return /^-?\d+$/.test(text) ? Number(text) : undefined;
    } catch {
      return undefined; // being rewritten: the last offset stands
    }
  };
  let offset = read();
  if (offset === undefined) throw new Error(`SIM_CLOCK_FILE ${file} holds no offset`);
  // Time only moves forward: a reading never answers less than the one before it.
  let last = -Infinity;
  const now = () => {
    last = Math.max(last, realNow() + offset);
    return last;
  };
  // The harness moves the clock by rewriting the file; it is read again every 20 ms.
  setInterval(() => {
    const next = read();
    if (next !== undefined && next > offset) offset = next;
  }, 20).unref();

  /** `Date` as before, except that a date made without arguments is the simulated now. */
  function SimDate(...args) {
    if (!new.target) return new RealDate(now()).toString();
    return Reflect.construct(RealDate, args.length === 0 ? [now()] : args, new.target);
  }
  SimDate.prototype = RealDate.prototype;
  Object.setPrototypeOf(SimDate, RealDate); // Date.UTC, Date.parse
  SimDate.now = now;
  globalThis.Date = SimDate;
}
