/**
 * A seeded pseudo-random source (mulberry32). The mocks never call Math.random: the seed and
 * every answer (tokens, pins, coupon codes) are the same on every run, so stories, tests and
 * screenshots are reproducible. Not for anything secret: this is a mock.
 */
export class Rng {
  constructor(private state: number) {}

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  int(maxExclusive: number): number {
    return Math.floor(this.next() * maxExclusive);
  }

  digits(length: number): string {
    let out = String(1 + this.int(9)); // no leading zero: reads like a real serial
    while (out.length < length) out += String(this.int(10));
    return out;
  }

  /** Characters from `alphabet`. */
  chars(length: number, alphabet: string): string {
    let out = '';
    for (let i = 0; i < length; i += 1) out += alphabet[this.int(alphabet.length)] ?? '';
    return out;
  }
}

/** Stable 32-bit FNV-1a hash of a string: picks a name for a meter number, signs tokens. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
