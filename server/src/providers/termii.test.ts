/**
 * The Termii adapter against the Termii simulator (ADR 0079), through `inject` like the
 * sandbox: each documented answer of https://developers.termii.com/messaging-api and each
 * error status of https://developers.termii.com/error, and what the outbox worker makes of it.
 */
import Fastify from 'fastify';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createFaults } from './simulators/faults.ts';
import {
  SANDBOX_TERMII,
  TERMII_SIMULATOR_BALANCE,
  TERMII_SIMULATOR_PREFIX,
  TERMII_SIMULATED_PAGE_PRICE,
  createTermiiSimulator,
  smsPages,
} from './simulators/termii.ts';
import { injectFetch } from './simulators/transport.ts';
import { internationalNumber } from './sms.ts';
import { createTermiiProvider } from './termii.ts';
import { ProviderError } from './util.ts';

const NUMBER = '2348031230000';

function setup(options: { apiKey?: string; senderId?: string; timeoutMs?: number } = {}) {
  const faults = createFaults();
  const sim = createTermiiSimulator({ faults, now: () => new Date(Date.UTC(2026, 11, 2, 9)) });
  const app = Fastify({ logger: false });
  void app.register(sim.plugin, { prefix: TERMII_SIMULATOR_PREFIX });
  const termii = createTermiiProvider({
    name: 'sandbox-termii',
    baseUrl: `http://termii.invalid${TERMII_SIMULATOR_PREFIX}`,
    apiKey: options.apiKey ?? SANDBOX_TERMII.apiKey,
    senderId: options.senderId ?? SANDBOX_TERMII.senderId,
    timeoutMs: options.timeoutMs ?? 5_000,
    fetch: injectFetch(app),
  });
  return { app, sim, faults, termii };
}

let kit: ReturnType<typeof setup>;
beforeEach(() => {
  kit = setup();
});
afterAll(async () => {
  await kit.app.close();
});

describe('the Termii adapter against the simulator', () => {
  it('sends a plain message on the dnd channel and reads the message_id; the simulator keeps it per number', async () => {
    const result = await kit.termii.send(NUMBER, 'PayBills: test', 'sms-1');
    expect(result.kind).toBe('sent');
    const [kept] = await kit.sim.received(NUMBER);
    expect(kept).toMatchObject({
      to: NUMBER,
      from: 'PayBills',
      sms: 'PayBills: test',
      channel: 'dnd',
    });
    expect(result).toEqual({ kind: 'sent', messageId: kept?.message_id });
  });

  it('keeps messages newest first', async () => {
    await kit.termii.send(NUMBER, 'first', 'a');
    await kit.termii.send(NUMBER, 'second', 'b');
    expect((await kit.sim.received(NUMBER)).map((m) => m.sms)).toEqual(['second', 'first']);
    expect(await kit.sim.received('2348099999999')).toEqual([]);
  });

  it('reads the balance in kobo, less a page per message', async () => {
    expect(await kit.termii.balance()).toEqual({
      amount: TERMII_SIMULATOR_BALANCE,
      currency: 'NGN',
    });
    await kit.termii.send(NUMBER, 'x'.repeat(161), 'two-pages');
    expect((await kit.termii.balance()).amount).toBe(
      TERMII_SIMULATOR_BALANCE - 2 * TERMII_SIMULATED_PAGE_PRICE,
    );
  });

  it('a wrong key: the send is refused (401) and the balance throws with the HTTP result', async () => {
    const bad = setup({ apiKey: 'wrong' });
    expect(await bad.termii.send(NUMBER, 'hi', 'r')).toEqual({
      kind: 'refused',
      status: 401,
      message: 'Termii HTTP 401: Unauthorized',
    });
    const error = await bad.termii.balance().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).raw).toMatchObject({ kind: 'http', status: 401 });
    await bad.app.close();
  });

  it('a number not in the international format is refused (400), never retried', async () => {
    const result = await kit.termii.send('08031230000', 'hi', 'r');
    expect(result).toMatchObject({ kind: 'refused', status: 400 });
    expect(await kit.termii.send('234803123000', 'hi', 'r')).toMatchObject({ kind: 'refused' });
  });

  it('a sender ID outside 3 to 11 characters is "Invalid Sender Id" (400)', async () => {
    for (const senderId of ['PB', 'PayBillsLtd1']) {
      const odd = setup({ senderId });
      expect(await odd.termii.send(NUMBER, 'hi', 'r')).toEqual({
        kind: 'refused',
        status: 400,
        message: 'Termii HTTP 400: Invalid Sender Id',
      });
      await odd.app.close();
    }
  });

  it('an empty or overlong text is refused', async () => {
    expect(await kit.termii.send(NUMBER, '', 'r')).toMatchObject({ kind: 'refused', status: 400 });
    expect(await kit.termii.send(NUMBER, 'x'.repeat(961), 'r')).toMatchObject({
      kind: 'refused',
      status: 422,
    });
  });

  it('a 5xx, a 429, a cut body and a time-out are "retry"; nothing was kept for them but the cut one', async () => {
    kit.faults.inject('send', { kind: 'status', status: 503 });
    expect(await kit.termii.send(NUMBER, 'a', 'r')).toEqual({
      kind: 'retry',
      message: 'Termii HTTP 503: HTTP 503',
    });
    kit.faults.inject('send', {
      kind: 'status',
      status: 429,
      body: { message: 'Too Many Requests' },
    });
    expect(await kit.termii.send(NUMBER, 'b', 'r')).toMatchObject({ kind: 'retry' });
    kit.faults.inject('send', { kind: 'malformed' });
    expect(await kit.termii.send(NUMBER, 'c', 'r')).toMatchObject({ kind: 'retry' });
    const slow = setup({ timeoutMs: 100 });
    slow.faults.inject('send', { kind: 'hang' });
    expect(await slow.termii.send(NUMBER, 'd', 'r')).toEqual({
      kind: 'retry',
      message: 'No answer from Termii in time (timeout)',
    });
    await slow.app.close();
    // The cut answer's message was taken (only its answer was garbled): the reason a retry
    // can send twice, written down in ADR 0079.
    expect((await kit.sim.received(NUMBER)).map((m) => m.sms)).toEqual(['c']);
  });

  it('a refusal the error page lists ("You are not set up on this route") is a refusal', async () => {
    kit.faults.inject('send', {
      kind: 'code',
      code: '400',
      message: 'You are not set up on this route',
    });
    expect(await kit.termii.send(NUMBER, 'a', 'r')).toEqual({
      kind: 'refused',
      status: 400,
      message: 'Termii HTTP 400: You are not set up on this route',
    });
  });
});

describe('numbers and pages', () => {
  it('writes Nigerian numbers the international way Termii asks for', () => {
    expect(internationalNumber('08031230000')).toBe('2348031230000');
    expect(internationalNumber('+234 803 123 0000')).toBe('2348031230000');
    expect(internationalNumber('234-803-123-0000')).toBe('2348031230000');
    expect(internationalNumber('0803123000')).toBeNull();
    expect(internationalNumber('not a number')).toBeNull();
  });

  it('counts pages of 160, or 70 with characters outside the GSM alphabet', () => {
    expect(smsPages('x'.repeat(160))).toBe(1);
    expect(smsPages('x'.repeat(161))).toBe(2);
    expect(smsPages('₦'.repeat(70))).toBe(1);
    expect(smsPages('₦'.repeat(71))).toBe(2);
  });
});

describe('Termii delivery reports (History, ADR 0086)', () => {
  it("reads History's status for the message asked about: first Message Sent, then Delivered", async () => {
    const sent = await kit.termii.send('2348031234567', 'PayBills: test', 'sms-1');
    if (sent.kind !== 'sent') throw new Error('not sent');
    await expect(kit.termii.report!(sent.messageId)).resolves.toBe('Message Sent');
    await expect(kit.termii.report!(sent.messageId)).resolves.toBe('Delivered');
    await expect(kit.termii.report!('no-such-id')).resolves.toBeNull();
  });

  it('a failed History call throws with the HTTP result', async () => {
    kit.faults.inject('inbox', { kind: 'status', status: 500 });
    await expect(kit.termii.report!('1')).rejects.toThrow('history failed (HTTP 500)');
  });

  it('reads the documented History sample (https://developers.termii.com/history)', async () => {
    // The page's "Sample Response - 200 OK", its third item.
    const sample = [
      {
        sender: 'Great',
        receiver: '2347065250817',
        message: 'Your pin is 356802',
        amount: 1.0,
        reroute: 0,
        status: 'Delivered',
        sms_type: 'generic',
        send_by: 'api',
        message_id: '3017545711235443752697757',
        created_at: '2025-08-07 13:52:04',
      },
    ];
    const asked: string[] = [];
    const termii = createTermiiProvider({
      baseUrl: 'https://api.ng.termii.com',
      apiKey: 'key',
      senderId: 'PayBills',
      timeoutMs: 5_000,
      fetch: async (url) => {
        asked.push(String(url));
        return new Response(JSON.stringify(sample), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    await expect(termii.report!('3017545711235443752697757')).resolves.toBe('Delivered');
    expect(asked).toEqual([
      'https://api.ng.termii.com/api/sms/inbox?api_key=key&message_id=3017545711235443752697757',
    ]);
  });
});
