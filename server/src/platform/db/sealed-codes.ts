/**
 * Coupon codes at rest (ADR 0071). A coupon code is money to whoever types it, so the database
 * never holds one that can be redeemed: the coupon is found by a keyed hash of its code
 * (`coupons.code`, HMAC-SHA-256), and the code itself, the codes a coupon purchase listed and
 * the code a redemption used are sealed (AES-256-GCM, platform/sealed.ts), under keys derived
 * from PIN_SECRET, which is never in the database or its backups (ADR 0036).
 *
 * The app's database handle carries this plugin: every row it reads has those columns opened
 * (`coupons.sealed_code`, `transactions.coupon_code`, `transactions.purchased_code`, and the
 * bodies of a mail or the payload of a webhook that name a coupon code), so the customer's
 * list, purchase answers, statement, receipts, mails and webhooks read the codes as before,
 * and a reader of the database or a backup reads none. Admin answers mask them
 * (wallet/transaction-view.ts). Writes seal explicitly (`seal`); a value that is not sealed
 * (an exam pin, a token) is read as it is.
 */
import { createHmac } from 'node:crypto';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { seal, unseal } from '../sealed.ts';
import { secretFingerprint } from '../secrets.ts';

/** Bound to each sealed code as associated data: it opens as a coupon code and nothing else. */
const PURPOSE = 'coupon-code';
/** The columns a read opens, whatever the table (only values sealed for PURPOSE open). */
const SEALED_COLUMNS = [
  'sealed_code',
  'coupon_code',
  'purchased_code',
  // mail_outbox, webhook_deliveries: sealed whole when they name a coupon code.
  'text_body',
  'html_body',
  'payload',
] as const;
const SEALED_PREFIX = 'v1.';

export class SealedCodes implements KyselyPlugin {
  readonly #secret: string;
  readonly #hashKey: Buffer;
  /** PIN_SECRET's fingerprint as the start-up check records it (deployment.ts; ADR 0036). */
  readonly pinFingerprint: string;

  constructor(pinSecret: string) {
    this.#secret = pinSecret;
    // Its own key for this one use (never the raw secret).
    this.#hashKey = createHmac('sha256', 'paybills:coupon-code-hash:v1').update(pinSecret).digest();
    this.pinFingerprint = secretFingerprint(pinSecret, 'pin');
  }

  /** The lookup key of a code: what `coupons.code` holds. */
  hash(code: string): string {
    return createHmac('sha256', this.#hashKey).update(code).digest('hex');
  }

  seal(code: string): string {
    return seal(this.#secret, PURPOSE, code);
  }

  /** The code, or `undefined` for a value that is not one sealed here. */
  open(value: string): string | undefined {
    return value.startsWith(SEALED_PREFIX) ? unseal(this.#secret, PURPOSE, value) : undefined;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const { rows } = args.result;
    // Every row of a result has the same columns: most queries have none of these.
    const first = rows[0];
    if (!first) return args.result;
    const columns = SEALED_COLUMNS.filter((c) => c in first);
    if (columns.length === 0) return args.result;
    for (const row of rows) {
      for (const column of columns) {
        const value = row[column];
        if (typeof value !== 'string') continue;
        const opened = this.open(value);
        if (opened !== undefined) row[column] = opened;
      }
    }
    return args.result;
  }
}

/** The codes plugin of a database handle (or of a transaction on it), if it has one. */
export function sealedCodesIn(db: {
  getExecutor(): { plugins: readonly KyselyPlugin[] };
}): SealedCodes | undefined {
  return db.getExecutor().plugins.find((p): p is SealedCodes => p instanceof SealedCodes);
}

/** As `sealedCodesIn`, for code that only runs on the app's handle. */
export function sealedCodes(db: Parameters<typeof sealedCodesIn>[0]): SealedCodes {
  const codes = sealedCodesIn(db);
  if (!codes) throw new Error('this database handle has no coupon-code key (openDb `codes`)');
  return codes;
}
