/**
 * Which of a provider's listed plans is which of ours (ADR 0052, "Each provider's own code").
 * VTpass and Flutterwave name the same 1.5 GB plan differently (`mtn-100mb-1000` and an item
 * code), so the catalogue sync matches each provider's list to our plans of the same service:
 *
 * 1. The same code as our plan's: that plan (the provider uses our code).
 * 2. Otherwise by what the names say: the same data size, the same validity (both names
 *    state the same one, or neither states one: a name without one never matches a name
 *    with one, see sameValidity), and the same remaining words once the service's own words
 *    (`MTN`, `DStv`…), units and filler (`data`, `bundle`, `payment`, `subscription`…) are
 *    set aside: `DStv Compact` is `DSTV COMPACT`, `1.5GB - 30 days` is
 *    `MTN 1.5 GB DATA BUNDLE - 30 DAYS`, and `DStv Compact Plus` is neither of them.
 * 3. Only one to one: a listed plan that fits two of ours, or one of ours that two listed
 *    plans fit, is matched to nothing. A plan left unmatched is not sold there (failover skips
 *    that provider for it): never a guess.
 *
 * Prices play no part (a dearer provider is skipped at purchase time, `above_price`).
 */

export interface NamedPlan {
  code: string;
  name: string;
}

interface Key {
  /** Data size in MB (1 GB = 1000 MB, on both sides alike), or null. */
  size: number | null;
  /** Validity in days, or null when the name states none. */
  days: number | null;
  /** The other words, sorted, joined. */
  words: string;
}

const FILLER = new Set([
  'data',
  'bundle',
  'bundles',
  'plan',
  'plans',
  'package',
  'packages',
  'payment',
  'subscription',
  'bouquet',
  'validity',
  'valid',
  'for',
  'of',
  'the',
  'and',
  'with',
]);

const UNIT_MB: Record<string, number> = { mb: 1, gb: 1000, tb: 1_000_000 };
const DAYS_PER: Record<string, number> = {
  d: 1,
  day: 1,
  days: 1,
  wk: 7,
  wks: 7,
  week: 7,
  weeks: 7,
  mth: 30,
  mths: 30,
  month: 30,
  months: 30,
  hr: 1 / 24,
  hrs: 1 / 24,
  hour: 1 / 24,
  hours: 1 / 24,
};
const PERIOD_WORDS: Record<string, number> = { daily: 1, weekly: 7, monthly: 30 };

/** The words a service's own names are made of (`mtn-data`, `MTN`, `SMILE BUNDLES`…). */
export function serviceWords(...names: string[]): Set<string> {
  const out = new Set<string>();
  for (const name of names) {
    for (const word of name.toLowerCase().split(/[^a-z0-9]+/)) if (word) out.add(word);
  }
  return out;
}

export function planKey(name: string, ignore: ReadonlySet<string>): Key {
  let text = name.toLowerCase();
  let size: number | null = null;
  const sized = /(\d+(?:\.\d+)?)\s*(mb|gb|tb)\b/.exec(text);
  if (sized) {
    size = Math.round(Number(sized[1]) * (UNIT_MB[sized[2] as string] as number));
    text = text.replace(sized[0], ' ');
  }
  let days: number | null = null;
  const period = /(\d+(?:\.\d+)?)\s*(days?|d|weeks?|wks?|months?|mths?|hours?|hrs?)\b/.exec(text);
  if (period) {
    days = Number(period[1]) * (DAYS_PER[period[2] as string] as number);
    text = text.replace(period[0], ' ');
  }
  const words: string[] = [];
  for (const word of text.split(/[^a-z0-9]+/)) {
    if (!word) continue;
    if (days === null && PERIOD_WORDS[word] !== undefined) {
      days = PERIOD_WORDS[word] as number;
      continue;
    }
    if (FILLER.has(word) || ignore.has(word)) continue;
    words.push(word);
  }
  return { size, days, words: [...new Set(words)].sort().join(' ') };
}

/**
 * The same validity: both state the same one, or neither states one (TV bouquets, a size
 * alone). Only one side stating one is not a fit: `MTN 1.5 GB DATA BUNDLE` may be a 1-day
 * plan, and matched to our `1.5GB - 30 days` it would be priced against it and sent on
 * failover, the customer paying for 30 days and getting 1. An operator's FLUTTERWAVE_BILLERS
 * `service/plan` entry can still name such an item.
 */
const sameValidity = (a: number | null, b: number | null): boolean =>
  a === null || b === null ? a === b : Math.abs(a - b) < 1e-9;

const fits = (a: Key, b: Key): boolean =>
  a.size === b.size &&
  a.words === b.words &&
  (a.size !== null || a.words !== '') &&
  sameValidity(a.days, b.days);

/**
 * Listed code → our plan's code, for every listed plan matched (rules at the top of the file).
 * `ignore`: the service's own words (serviceWords).
 */
export function matchPlans(
  ours: readonly NamedPlan[],
  listed: readonly NamedPlan[],
  ignore: ReadonlySet<string>,
): Map<string, string> {
  const out = new Map<string, string>();
  const ourCodes = new Set(ours.map((p) => p.code));
  const taken = new Set<string>();
  for (const item of listed) {
    if (ourCodes.has(item.code) && !taken.has(item.code)) {
      out.set(item.code, item.code);
      taken.add(item.code);
    }
  }
  const freeOurs = ours
    .filter((p) => !taken.has(p.code))
    .map((p) => ({ code: p.code, key: planKey(p.name, ignore) }));
  const freeListed = listed
    .filter((item) => !out.has(item.code))
    .map((item) => ({ code: item.code, key: planKey(item.name, ignore) }));
  const candidates = new Map<string, string[]>();
  const fitsOurs = new Map<string, number>();
  for (const item of freeListed) {
    const found = freeOurs.filter((p) => fits(item.key, p.key)).map((p) => p.code);
    candidates.set(item.code, found);
    for (const code of found) fitsOurs.set(code, (fitsOurs.get(code) ?? 0) + 1);
  }
  for (const [code, found] of candidates) {
    const only = found.length === 1 ? (found[0] as string) : undefined;
    if (only !== undefined && fitsOurs.get(only) === 1) out.set(code, only);
  }
  return out;
}
