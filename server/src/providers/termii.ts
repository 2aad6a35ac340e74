/**
 * Termii's SMS API behind `SmsProvider` (ADR 0079). Every shape here is from Termii's public
 * documentation:
 *
 * - Send: `POST {base}/api/sms/send`, JSON `api_key`, `to` (international format, e.g.
 *   23490126727), `from` (a sender ID of 3 to 11 characters), `sms`, `type: "plain"` and
 *   `channel` (`generic`, `dnd` or `whatsapp`; transactional messages and OTPs on `dnd`):
 *   https://developers.termii.com/messaging-api (and developer.termii.com/messaging-api).
 *   The answer: `{ code: "ok", message_id, message: "Successfully Sent", balance, user }` (the
 *   same page's sample; the fields as Termii's SDKs type them, e.g. DavidBolaji/termii-node
 *   `SendMessageResponse`, shepherd1530/termii-rust `MessageResponse`).
 * - Balance: `GET {base}/api/get-balance?api_key=…` → `{ user, balance, currency }`, the
 *   Insights "Balance" call. Its page was not among the pages read; the path, the key in the
 *   query and the shape are from Termii's SDKs (DavidBolaji/termii-node `BalanceService` and
 *   `GetBalanceResponse`, shepherd1530/termii-rust `insights/balance.rs`) and the Postman
 *   collection api-evangelist/termii `collections/termii.postman_collection.json`.
 * - Delivery reports (ADR 0086): the History call, `GET {base}/api/sms/inbox?api_key=…` with
 *   `message_id` for one message (https://developers.termii.com/history,
 *   https://developer.termii.com/history) → a JSON array of `{ sender, receiver, message,
 *   amount, reroute, status, sms_type, send_by, message_id, created_at }`, `status` in Termii's
 *   words: "Delivered", "Failed", "DND Active on Phone Number", "Message Sent" (the first state
 *   of every message, https://developer.termii.com/events-and-reports, with "Message Failed").
 * - Errors: HTTP status codes, https://developers.termii.com/error: 400 a client error, 401
 *   no valid API key, 403 the key may not do this, 404, 405, 422 the request could not be
 *   processed, 429 too many requests, 5xx Termii's side; the common error messages ("Invalid
 *   Sender Id", "Your account is not active", "You are not set up on this route", …). The page
 *   gives no error body; the adapter reads a `message` field when there is one.
 *
 * What the documentation does not say, and this adapter therefore does not assume: no
 * idempotency key or client reference on the send call (a send re-tried after a time-out may
 * reach the phone twice: the worker's guarantee, ADR 0079), and which HTTP status a refusal
 * such as an unknown sender ID carries (every 4xx but 429 is taken as a refusal).
 */
import { type FetchFn, ProviderError, nairaToKobo, requestJson } from './util.ts';
import type { SmsBalance, SmsProvider, SmsSendResult } from './sms.ts';

/** The host in Termii's API pages; each account's own base URL is on its dashboard. */
export const DEFAULT_TERMII_BASE_URL = 'https://api.ng.termii.com';

/** Termii's channels (messaging-api page); `dnd` is the transactional route. */
export type TermiiChannel = 'generic' | 'dnd' | 'whatsapp';

export interface TermiiOptions {
  name?: string;
  /** Without the `/api` path: `https://api.ng.termii.com`. */
  baseUrl: string;
  apiKey: string;
  /** The registered sender ID (3–11 characters). */
  senderId: string;
  channel?: TermiiChannel;
  timeoutMs: number;
  fetch?: FetchFn;
}

const str = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined;

function messageOf(body: unknown): string | undefined {
  if (typeof body === 'string') return body.slice(0, 200) || undefined;
  if (typeof body !== 'object' || body === null) return undefined;
  const message = (body as { message?: unknown }).message;
  return typeof message === 'string' ? message.slice(0, 200) : undefined;
}

export function createTermiiProvider(options: TermiiOptions): SmsProvider {
  const name = options.name ?? 'termii';
  const base = options.baseUrl.replace(/\/+$/, '');
  const channel = options.channel ?? 'dnd';

  return {
    name,
    async send(to, text): Promise<SmsSendResult> {
      const result = await requestJson(`${base}/api/sms/send`, {
        method: 'POST',
        headers: {},
        body: {
          api_key: options.apiKey,
          to,
          from: options.senderId,
          sms: text,
          type: 'plain',
          channel,
        },
        timeoutMs: options.timeoutMs,
        fetch: options.fetch,
      });
      switch (result.kind) {
        case 'json': {
          const body = result.body as Record<string, unknown> | null;
          const id = body && typeof body === 'object' ? str(body.message_id) : undefined;
          // A 2xx without a message id is no answer we can read: Termii may have sent it.
          if (!id)
            return {
              kind: 'retry',
              message: `Termii answered ${result.status} without a message_id`,
            };
          return { kind: 'sent', messageId: id };
        }
        case 'http': {
          const said = messageOf(result.body);
          const message = `Termii HTTP ${result.status}${said ? `: ${said}` : ''}`;
          if (result.status >= 500 || result.status === 429) return { kind: 'retry', message };
          return { kind: 'refused', status: result.status, message };
        }
        case 'timeout':
          return { kind: 'retry', message: 'No answer from Termii in time (timeout)' };
        case 'network':
          return { kind: 'retry', message: `Network error: ${result.error}` };
        case 'malformed':
          return { kind: 'retry', message: 'Termii answered a body that is not JSON' };
        case 'redirect':
          // A wrong TERMII_BASE_URL: nothing was sent, and every retry would meet it too.
          return {
            kind: 'refused',
            status: result.status,
            message: `Termii answered with a redirect (HTTP ${result.status}): TERMII_BASE_URL is wrong`,
          };
      }
    },
    async report(messageId: string): Promise<string | null> {
      const url =
        `${base}/api/sms/inbox?api_key=${encodeURIComponent(options.apiKey)}` +
        `&message_id=${encodeURIComponent(messageId)}`;
      const result = await requestJson(url, {
        method: 'GET',
        headers: {},
        timeoutMs: options.timeoutMs,
        fetch: options.fetch,
      });
      if (result.kind !== 'json') {
        const why =
          result.kind === 'http'
            ? `HTTP ${result.status}`
            : result.kind === 'network'
              ? result.error
              : result.kind;
        throw new ProviderError(name, `history failed (${why})`, result);
      }
      if (!Array.isArray(result.body)) {
        throw new ProviderError(name, 'history answer unreadable', result);
      }
      const item = (result.body as unknown[]).find(
        (m): m is { status?: unknown } =>
          typeof m === 'object' &&
          m !== null &&
          str((m as { message_id?: unknown }).message_id) === messageId,
      );
      if (!item) return null;
      return typeof item.status === 'string' ? item.status.slice(0, 100) : null;
    },
    async balance(): Promise<SmsBalance> {
      const url = `${base}/api/get-balance?api_key=${encodeURIComponent(options.apiKey)}`;
      const result = await requestJson(url, {
        method: 'GET',
        headers: {},
        timeoutMs: options.timeoutMs,
        fetch: options.fetch,
      });
      if (result.kind !== 'json') {
        const why =
          result.kind === 'http'
            ? `HTTP ${result.status}`
            : result.kind === 'network'
              ? result.error
              : result.kind;
        throw new ProviderError(name, `balance failed (${why})`, result);
      }
      const body = result.body as { balance?: unknown; currency?: unknown } | null;
      const amount = nairaToKobo(body?.balance);
      if (amount === undefined) throw new ProviderError(name, 'balance answer unreadable', result);
      return { amount, currency: typeof body?.currency === 'string' ? body.currency : 'NGN' };
    },
  };
}
