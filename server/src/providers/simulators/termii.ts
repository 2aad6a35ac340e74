/**
 * A Termii simulator (ADR 0079), beside the VTpass and Flutterwave ones (ADR 0043): a Fastify
 * plugin serving the two calls of Termii's documented HTTP API the app makes, so the live
 * adapter (`providers/termii.ts`) runs unchanged against it in sandbox mode.
 *
 * - `POST /api/sms/send` (https://developers.termii.com/messaging-api): JSON `api_key`, `to`
 *   in the international format (a Nigerian number here: 234 and 10 digits, 13 in all),
 *   `from` a sender ID of 3 to 11 characters, `sms`, `type: "plain"`, `channel` one of
 *   `generic`, `dnd`, `whatsapp`. It answers the page's sample shape:
 *   `{ code: "ok", message_id, message: "Successfully Sent", balance, user }`.
 * - `GET /api/get-balance?api_key=…` → `{ user, balance, currency: "NGN" }` (the shape of
 *   Termii's SDKs, termii.ts).
 *
 * - `GET /api/sms/inbox?api_key=…&message_id=…` (https://developers.termii.com/history): a JSON
 *   array of the page's items. A message is "Message Sent" the first time it is asked about
 *   (Termii's first state), then "Delivered"; to a number ending 0000, "DND Active on Phone
 *   Number" (that rule is ours, ADR 0086). Without `message_id`, the newest it took.
 *
 * Refusals use the statuses of https://developers.termii.com/error (401 no valid API key; 400
 * what was sent is wrong; 422 could not be processed) with the messages that page lists where
 * it lists one ("Invalid Sender Id"); the page shows no error body, so the simulator answers
 * `{ message }`, which the adapter reads. What the documentation does not give and the
 * simulator makes up, said here so no one takes it for Termii's: the price of a page (₦4.00),
 * the opening balance, the message ids, and the longest text taken (6 pages of 160: Termii
 * names none).
 *
 * What it received is kept per number (newest first) in `store`, so the sandbox's
 * `GET /api/dev/sms?to=` can show it and a restart keeps it.
 */
import { randomInt } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { type KeyValueStore, memoryStore, sleep } from '../util.ts';
import { oneAtATimePerKey } from './outcomes.ts';
import { createHangs } from './transport.ts';
import { type SimulatorFault, type SimulatorFaults, createFaults } from './faults.ts';

export const TERMII_SIMULATOR_PREFIX = '/termii';

/** The simulator's fixed key and sender ID (a sandbox: nothing secret about them). */
export const SANDBOX_TERMII = { apiKey: 'sandbox-termii-api-key', senderId: 'PayBills' } as const;

/** Made up (Termii publishes prices per route and country elsewhere): kobo per page. */
export const TERMII_SIMULATED_PAGE_PRICE = 4_00;
/** Made up: the simulated account's opening balance, kobo. */
export const TERMII_SIMULATOR_BALANCE = 10_000_00;
/** Our guard, not Termii's (it names no maximum): 6 pages of 160 characters. */
export const TERMII_SIMULATOR_MAX_CHARS = 960;

/** One message the simulator took. */
export interface TermiiReceived {
  message_id: string;
  to: string;
  from: string;
  sms: string;
  channel: string;
  received_at: number;
}

export interface TermiiSimulatorOptions {
  store?: KeyValueStore<unknown>;
  now?: () => Date;
  faults?: SimulatorFaults;
}

export interface TermiiSimulator {
  /** Register with `{ prefix: TERMII_SIMULATOR_PREFIX }`. */
  plugin: FastifyPluginAsync;
  /** Routes `send`, `balance` and `inbox`. */
  faults: SimulatorFaults;
  /** What it took for this international number, newest first. */
  received(to: string): Promise<TermiiReceived[]>;
}

/** A page is 160 characters of the GSM alphabet, 70 with others (Termii's Number API page). */
const GSM = /^[\n\r A-Za-z0-9@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ!"#¤%&'()*+,\-./:;<=>?¡ÄÖÑÜ§¿äöñüà]*$/;
export const smsPages = (text: string) =>
  Math.max(1, Math.ceil(text.length / (GSM.test(text) ? 160 : 70)));

const KEEP_PER_NUMBER = 100;

export function createTermiiSimulator(options: TermiiSimulatorOptions = {}): TermiiSimulator {
  const store = options.store ?? memoryStore<unknown>();
  const faults = options.faults ?? createFaults();
  const now = options.now ?? (() => new Date());
  const serial = oneAtATimePerKey();
  const { hang, releaseAll } = createHangs();

  const readBalance = async () => {
    const value = await store.get('balance');
    return typeof value === 'number' ? value : TERMII_SIMULATOR_BALANCE;
  };
  const inbox = async (to: string) => {
    const value = await store.get(`to:${to}`);
    return Array.isArray(value) ? (value as TermiiReceived[]) : [];
  };

  const naira = (kobo: number) => Math.round(kobo) / 100;
  type Answer = { status: number; body: unknown };
  const refuse = (status: number, message: string): Answer => ({ status, body: { message } });

  /** The route's injected fault, if any, before (hang, status, refusal) or after (slow, cut). */
  async function serve(
    request: FastifyRequest,
    reply: FastifyReply,
    route: 'send' | 'balance' | 'inbox',
    work: () => Promise<Answer>,
  ): Promise<FastifyReply> {
    const fault: SimulatorFault | undefined = faults.take(route);
    if (faults.latencyMs > 0) await sleep(faults.latencyMs);
    if (fault?.kind === 'hang') {
      await hang(request);
      return reply.code(504).send({ message: 'Gateway Timeout' });
    }
    if (fault?.kind === 'status') {
      return reply.code(fault.status).send(fault.body ?? { message: `HTTP ${fault.status}` });
    }
    // A refusal Termii lists on its error page (e.g. "You are not set up on this route").
    if (fault?.kind === 'code') {
      return reply.code(Number(fault.code) || 400).send({ message: fault.message ?? '' });
    }
    const out = await work();
    if (fault?.kind === 'slow') await sleep(fault.ms);
    if (fault?.kind === 'malformed') {
      const text = JSON.stringify(out.body);
      return reply
        .code(200)
        .type('application/json; charset=utf-8')
        .send(text.slice(0, Math.max(1, text.length >> 1)));
    }
    return reply.code(out.status).send(out.body);
  }

  const plugin: FastifyPluginAsync = async (app) => {
    app.addHook('onClose', async () => {
      releaseAll();
    });

    app.post('/api/sms/send', { bodyLimit: 16 * 1024 }, (request, reply) =>
      serve(request, reply, 'send', async () => {
        const body = (request.body ?? {}) as Record<string, unknown>;
        if (body.api_key !== SANDBOX_TERMII.apiKey) {
          return refuse(401, 'Unauthorized');
        }
        const { to, from, sms, type, channel } = body;
        if (typeof to !== 'string' || !/^234\d{10}$/.test(to)) {
          return refuse(400, 'Invalid phone number: use the international format (234…)');
        }
        if (typeof from !== 'string' || from.length < 3 || from.length > 11) {
          return refuse(400, 'Invalid Sender Id');
        }
        if (typeof sms !== 'string' || sms.length === 0) {
          return refuse(400, 'The sms field is required');
        }
        if (sms.length > TERMII_SIMULATOR_MAX_CHARS) {
          return refuse(422, 'Message too long');
        }
        if (type !== 'plain') return refuse(400, 'The type must be plain');
        if (channel !== 'generic' && channel !== 'dnd' && channel !== 'whatsapp') {
          return refuse(400, 'The channel must be generic, dnd or whatsapp');
        }
        const cost = smsPages(sms) * TERMII_SIMULATED_PAGE_PRICE;
        return serial('account', async () => {
          const balance = await readBalance();
          if (balance < cost) return refuse(422, 'Insufficient balance');
          const received: TermiiReceived = {
            message_id: `${Date.now()}${String(randomInt(1_000_000)).padStart(6, '0')}`,
            to,
            from,
            sms,
            channel,
            received_at: now().getTime(),
          };
          await store.set('balance', balance - cost);
          await store.set(`msg:${received.message_id}`, { ...received, asked: 0 });
          const recent = await store.get('recent');
          await store.set(
            'recent',
            [received.message_id, ...(Array.isArray(recent) ? (recent as string[]) : [])].slice(
              0,
              KEEP_PER_NUMBER,
            ),
          );
          await store.set(`to:${to}`, [received, ...(await inbox(to))].slice(0, KEEP_PER_NUMBER));
          return {
            status: 200,
            body: {
              code: 'ok',
              message_id: received.message_id,
              message: 'Successfully Sent',
              balance: naira(balance - cost),
              user: 'PayBills Sandbox',
            },
          };
        });
      }),
    );

    // History (https://developers.termii.com/history): the page's item shape; the date is
    // Termii's `YYYY-MM-DD HH:mm:ss`.
    app.get('/api/sms/inbox', (request, reply) =>
      serve(request, reply, 'inbox', async () => {
        const { api_key: key, message_id: id } = request.query as Record<string, unknown>;
        if (key !== SANDBOX_TERMII.apiKey) return refuse(401, 'Unauthorized');
        const recent = await store.get('recent');
        const ids =
          typeof id === 'string' ? [id] : Array.isArray(recent) ? (recent as string[]) : [];
        const items: unknown[] = [];
        for (const messageId of ids) {
          const m = (await store.get(`msg:${messageId}`)) as
            (TermiiReceived & { asked: number }) | undefined;
          if (!m) continue;
          const status =
            m.asked === 0
              ? 'Message Sent'
              : m.to.endsWith('0000')
                ? 'DND Active on Phone Number'
                : 'Delivered';
          if (typeof id === 'string') {
            await store.set(`msg:${messageId}`, { ...m, asked: m.asked + 1 });
          }
          items.push({
            sender: m.from,
            receiver: m.to,
            message: m.sms,
            amount: smsPages(m.sms),
            reroute: 0,
            status,
            sms_type: 'plain',
            send_by: 'api',
            message_id: m.message_id,
            created_at: new Date(m.received_at).toISOString().slice(0, 19).replace('T', ' '),
          });
        }
        return { status: 200, body: items };
      }),
    );

    app.get('/api/get-balance', (request, reply) =>
      serve(request, reply, 'balance', async () => {
        const { api_key: key } = request.query as Record<string, unknown>;
        if (key !== SANDBOX_TERMII.apiKey) return refuse(401, 'Unauthorized');
        return {
          status: 200,
          body: { user: 'PayBills Sandbox', balance: naira(await readBalance()), currency: 'NGN' },
        };
      }),
    );
  };

  return {
    plugin,
    faults,
    received: (to) => inbox(to),
  };
}
