/**
 * A plan's clean display name, derived from the name its provider lists (ADR 0077). The
 * providers' names carry their own price ("DStv Yanga N2,565", "N1000 1.5GB - 30 days"), which
 * goes stale as soon as a price changes, and are spelt a dozen ways ("Airtel Data Bundle -
 * 1,000 Naira - 1.5GB - 30 Days"). Customers see the clean name ("Airtel 1.5 GB · 30 days");
 * admins see it beside the provider's own. Pure: derived at read time, never stored.
 */

const NETWORKS = ['MTN', 'Glo', 'Airtel', '9mobile', 'Smile', 'Spectranet'] as const;

/** "N2,565", "N 100", "₦1,000.00", "- 1,020 Naira", "200 Naira". */
const PRICE = /(?:[N₦]\s?\d[\d,]*(?:\.\d+)?(?![\d.]*\s*(?:MB|GB|TB)\b))|(?:\b\d[\d,]*\s*Naira\b)/gi;
const SIZE = /(\d+(?:\.\d+)?)\s*(MB|GB|TB)\b/i;
const DURATION = /(\d+)\s*-?\s*(hrs?|hours?|days?|weeks?|months?|years?)\b/i;
const PERIOD_WORD = /\b(daily|weekly|monthly)\b/i;
const EXTRA = /\+\s*(\d+)\s*(?:mins?|minutes)\b/i;
/** Words that say nothing once the network, size and duration are out. */
const FILLER = /\b(?:data|bundle|mobile|plan|for)\b/gi;

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

function plural(n: number, unit: string) {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

function duration(text: string): { label: string; match: string } | undefined {
  const m = text.match(DURATION);
  if (m) {
    const n = Number(m[1]);
    const unit = m[2]!.toLowerCase();
    if (unit.startsWith('h')) {
      return { label: n % 24 === 0 ? plural(n / 24, 'day') : plural(n, 'hour'), match: m[0] };
    }
    const base = unit.replace(/s$/, '');
    return { label: plural(n, base), match: m[0] };
  }
  const w = text.match(PERIOD_WORD);
  if (!w) return undefined;
  const word = w[1]!.toLowerCase();
  const label = word === 'daily' ? '1 day' : word === 'weekly' ? '1 week' : '1 month';
  return { label, match: w[0] };
}

/** The network a name starts with ("MTN N10,000 …", "Glo Data …"), in its usual spelling. */
function leadingNetwork(text: string): string | undefined {
  const lower = text.toLowerCase();
  return NETWORKS.find((n) => lower.startsWith(n.toLowerCase() + ' ') || lower === n.toLowerCase());
}

/**
 * "MTN Data 25GB - 30 days" → "MTN 25 GB · 30 days"; "DStv Yanga N2,565" → "DStv Yanga".
 * `network` names the network when the provider's name does not ("N100 100MB - 24 hrs").
 * A name with nothing left once its price is taken out is answered as it was.
 */
export function cleanPlanName(name: string, network?: string): string {
  const original = squash(name);
  let text = original;
  const named = leadingNetwork(text);
  if (named) text = text.slice(named.length);
  const net = named ?? network;
  text = text.replace(PRICE, ' ');

  const size = text.match(SIZE);
  if (size) {
    text = text.replace(size[0], ' ');
    const extra = text.match(EXTRA);
    if (extra) text = text.replace(extra[0], ' ');
    const period = duration(text);
    if (period) text = text.replace(period.match, ' ');
    // What is left: a qualifier the customer should still see ("SME", "(Awoof)", "MidNite").
    const rest = squash(
      text
        .replace(FILLER, ' ')
        .replace(/\(\s*\)/g, ' ')
        .replace(/\s[-–·]\s|^\s*[-–·]|[-–·]\s*$/g, ' '),
    ).replace(/^[-–·\s]+|[-–·\s]+$/g, '');
    const head = squash(
      [net, `${size[1]} ${size[2]!.toUpperCase()}`, rest, extra && `+ ${extra[1]} mins`]
        .filter(Boolean)
        .join(' '),
    );
    return period ? `${head} · ${period.label}` : head;
  }

  // No size (a bouquet, a voice bundle, an exam): the price out, its dashes as separators.
  const parts = text
    .split(/\s[-–·]\s/)
    .map(squash)
    .map((p) => p.replace(/^[-–]+|[-–]+$/g, '').trim())
    .filter(Boolean);
  const body = parts.join(' · ');
  if (!body) return original;
  return named ? `${named} ${body}` : body;
}

/** Whether two names are the same plan once cleaned (a verify answer's bouquet, our plan). */
export function samePlanName(a: string, b: string): boolean {
  const key = (s: string) => cleanPlanName(s).toLowerCase();
  return key(a) === key(b);
}

/** The products whose `plan` is a catalogue plan's name (Airtime names a network, Electricity a disco). */
const PLAN_PRODUCTS: readonly string[] = ['Data', 'CableTV', 'Education'];

/**
 * The plan a customer reads on a purchase (its result, History, the receipt, the statement):
 * a data plan, bouquet or exam pin by its clean name, anything else as stored (ADR 0077).
 */
export function customerPlanName(product: string, plan: string | undefined): string | undefined {
  return plan !== undefined && PLAN_PRODUCTS.includes(product) ? cleanPlanName(plan) : plan;
}

/**
 * A coupon's meta as its owner reads it: the plan by its clean name, and the display name with
 * the provider's plan name replaced by it ("MTN MTN N600 2.5GB - 2 days" → "MTN 2.5 GB · 2
 * days"). What a redemption sends back (`plan_id`) is untouched.
 */
export function customerCouponMeta<M extends { name: string; plan?: string | undefined }>(
  screen: string,
  meta: M,
): M {
  const clean = customerPlanName(screen, meta.plan);
  if (meta.plan === undefined || clean === undefined || clean === meta.plan) return meta;
  const name = meta.name.endsWith(meta.plan)
    ? `${meta.name.slice(0, -meta.plan.length)}${clean}`
    : clean;
  return { ...meta, name, plan: clean };
}
