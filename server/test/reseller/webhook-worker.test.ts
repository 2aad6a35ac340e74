/**
 * A webhook worker no receiver can hold (ADR 0035). A receiver that trickles
 * its answer a byte at a time never completes the status line, so only a total deadline per
 * attempt ends the send. Meanwhile other resellers' deliveries go out beside it (several sends
 * at once, at most `perHost` to one host), and the instance sending renews its lease, so
 * another instance on the same database never sends the same row while it is in flight.
 *
 * Deterministic: the tests end the deadline themselves (`deadlineSignal`) once they have seen
 * the healthy delivery done, and assert what happened in which order, never how long it took.
 * One test keeps the real timer (a small `deadlineMs`) and asserts only the outcome.
 */
import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { api } from '@contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { AppContext } from '../../src/context.ts';
import {
  runWebhooksOnce,
  startWebhookWorker,
  webhookDeadlineError,
} from '../../src/reseller/webhooks.ts';
import { startWorker } from '../../src/platform/worker.ts';
import { createKit, engines, PIN, type Kit } from '../helper.ts';

/** The trickling receiver sends a byte this often (2 s in the report; small here). */
const TRICKLE_MS = 20;
/** Worker passes: small, so a test runs in about a second. */
const FAST = { everyMs: 20 };
/**
 * Renewed every third of it: 3 s leaves a busy two-core runner 2 s of event-loop stall before
 * the other instance could take a row still in flight (1 s left only 0.67 s).
 */
const LEASE_MS = 3_000;

/**
 * Sandbox mode lets webhooks go to loopback addresses (ADR 0026): the slow receiver listens on
 * 127.0.0.1 and the healthy one on 127.0.0.2, two hosts as far as the per-host cap goes.
 */
const SLOW_HOST = '127.0.0.1';
const FAST_HOST = '127.0.0.2';

/**
 * A receiver that accepts the request and answers one byte at a time, forever, without ever
 * finishing its headers: an idle timeout never fires, only a total deadline ends the send.
 */
async function trickler() {
  const sockets = new Set<Socket>();
  const state = { connections: 0, open: 0 };
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    state.connections++;
    state.open++;
    socket.on('data', () => {}); // the request is read and ignored
    socket.on('error', () => {});
    const bytes = Buffer.from('HTTP/1.1 200 OK\r\nX-Slow: ');
    let i = 0;
    const timer = setInterval(() => {
      socket.write(i < bytes.length ? bytes.subarray(i, i + 1) : 'a');
      i++;
    }, TRICKLE_MS);
    socket.on('close', () => {
      clearInterval(timer);
      sockets.delete(socket);
      state.open--;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, SLOW_HOST, resolve));
  return {
    state,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A healthy receiver: 200 at once. */
async function receiver() {
  const received: string[] = [];
  const server = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push(body);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, FAST_HOST, resolve));
  return {
    received,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Deadlines the test ends when it chooses (instead of a timer racing the healthy delivery). */
function manualDeadlines() {
  const controllers: AbortController[] = [];
  return {
    signal: () => {
      const c = new AbortController();
      controllers.push(c);
      return c.signal;
    },
    /** Ends the deadline of every attempt started so far. */
    fire: () => {
      for (const c of controllers) c.abort();
    },
  };
}

/**
 * Waits until `check` holds. The bound only turns a hang (the old worker never sends the
 * healthy delivery) into a failure with a name; nothing asserts how long anything took.
 */
async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const giveUp = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > giveUp) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each(engines)('webhook worker on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine);
  });
  afterEach(async () => {
    expect(await kit.invariants()).toEqual([]);
    // A test's slow deliveries would be due again in 30 s: none is left for the next test.
    await kit.app.ctx.db
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', next_attempt_at: null })
      .where('status', '=', 'pending')
      .execute();
  });
  afterAll(async () => kit.close());

  let n = 0;
  /** A reseller with a key and a webhook address. */
  async function reseller(url: string) {
    const u = await kit.user({ funds: 10_000_00 });
    const created = await kit.call(api.createApiKey, { token: u.token, body: { name: 'till' } });
    expect(created.status).toBe(200);
    const key = created.body.message.key as string;
    const set = await kit.call(api.setWebhook, { token: u.token, body: { url } });
    expect(set.status).toBe(200);
    return {
      id: u.id,
      /** A successful ₦100 airtime purchase with the key: queues one delivery. */
      async buy() {
        const res = await kit.call(api.airtime, {
          body: { pin: PIN, phone_number: '08031235678', amount: 100 },
          headers: { 'x-api-key': key, 'x-request-id': `ww-${engine}-${++n}` },
        });
        expect(res.body.message.status).toBe('successful');
      },
    };
  }
  const rows = (userId: string) =>
    kit.app.ctx.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  const delivered = async (userId: string) => {
    const all = await rows(userId);
    return all.length > 0 && all.every((r) => r.status === 'delivered');
  };
  const recorded = async (userId: string, count: number) =>
    (await rows(userId)).filter((r) => r.last_error !== null).length === count;

  it('a trickling receiver does not hold another reseller delivery (one instance)', async () => {
    const slow = await trickler();
    const fast = await receiver();
    const deadline = manualDeadlines();
    let stop: (() => Promise<void>) | undefined;
    try {
      const s = await reseller(`http://${SLOW_HOST}:${slow.port}/hook`);
      const h = await reseller(`http://${FAST_HOST}:${fast.port}/hook`);
      stop = startWebhookWorker(kit.app.ctx, {
        ...FAST,
        deadlineSignal: deadline.signal,
      });
      await s.buy();
      await until(() => slow.state.open === 1, 'the slow receiver is being sent to');
      // Queued while the slow send is in flight: it goes out beside it.
      await h.buy();
      await until(() => delivered(h.id), 'the healthy delivery is done');
      expect(fast.received).toHaveLength(1);
      // The slow one is still in flight: its connection is open, nothing recorded of it yet.
      expect(slow.state.open).toBe(1);
      expect(await rows(s.id)).toMatchObject([
        { status: 'pending', attempts: 1, last_error: null },
      ]);

      deadline.fire();
      await until(() => recorded(s.id, 1), 'the slow attempt is recorded');
      const [failed] = await rows(s.id);
      // A failed attempt (retried later, for a day), with the deadline as its reason.
      expect(failed).toMatchObject({
        status: 'pending',
        attempts: 1,
        last_status: null,
        last_error: webhookDeadlineError(10_000),
      });
      await until(() => slow.state.open === 0, 'the slow connection is closed');
      expect(slow.state.connections).toBe(1);
    } finally {
      // Receivers first: the old worker stays inside the slow send until its socket closes.
      await slow.close();
      await fast.close();
      await stop?.();
    }
  });

  it('at most two sends to one host at once; other hosts go out beside them', async () => {
    const slow = await trickler();
    const fast = await receiver();
    const deadline = manualDeadlines();
    let stop: (() => Promise<void>) | undefined;
    try {
      const s = await reseller(`http://${SLOW_HOST}:${slow.port}/hook`);
      const h = await reseller(`http://${FAST_HOST}:${fast.port}/hook`);
      await s.buy();
      await s.buy();
      await s.buy();
      await h.buy();
      stop = startWebhookWorker(kit.app.ctx, {
        ...FAST,
        perHost: 2,
        deadlineSignal: deadline.signal,
      });
      await until(
        async () => slow.state.open === 2 && (await delivered(h.id)),
        'two slow sends in flight and the healthy one done',
      );
      // The third delivery to the slow host waits for a free place.
      expect(slow.state.connections).toBe(2);
      deadline.fire();
      await until(() => slow.state.connections === 3, 'the third is sent once a place is free');
      deadline.fire();
      await until(() => recorded(s.id, 3), 'all three slow attempts are recorded');
      for (const row of await rows(s.id)) {
        expect(row).toMatchObject({
          status: 'pending',
          attempts: 1,
          last_error: webhookDeadlineError(10_000),
        });
      }
    } finally {
      await slow.close();
      await fast.close();
      await stop?.();
    }
  });

  it('two instances: the healthy delivery goes out, and the row in flight is never taken over', async () => {
    const slow = await trickler();
    const fast = await receiver();
    const deadline = manualDeadlines();
    // A second app (and worker) on the same database, as a second server process would be.
    const second = await buildApp({ config: kit.config, logger: false });
    const stops: (() => Promise<void>)[] = [];
    try {
      const s = await reseller(`http://${SLOW_HOST}:${slow.port}/hook`);
      const h = await reseller(`http://${FAST_HOST}:${fast.port}/hook`);
      // Both queued before either worker starts (the old worker claimed both in one pass and
      // sent them one after the other: the healthy one waited behind the slow one).
      await s.buy();
      await h.buy();
      const options = {
        ...FAST,
        concurrency: 1,
        leaseMs: LEASE_MS,
        deadlineSignal: deadline.signal,
      };
      stops.push(startWebhookWorker(kit.app.ctx, options));
      stops.push(startWebhookWorker(second.ctx, options));
      await until(
        async () => slow.state.open === 1 && (await delivered(h.id)),
        'the slow send in flight and the healthy one done',
      );
      const [held] = await rows(s.id);
      expect(held).toMatchObject({ status: 'pending', attempts: 1, last_error: null });
      const firstLease = Number(held!.next_attempt_at);
      // Both instances keep polling past the first lease: the sender renews it, so neither
      // claims the row again (a claim would count a second attempt and open a second send).
      let seen = held;
      await until(async () => {
        seen = (await rows(s.id))[0];
        return Number(seen?.next_attempt_at) > firstLease + LEASE_MS || slow.state.connections > 1;
      }, 'the lease renewed past its first expiry');
      expect(seen).toMatchObject({ status: 'pending', attempts: 1, last_error: null });
      expect(slow.state.connections).toBe(1);

      deadline.fire();
      await until(() => recorded(s.id, 1), 'the slow attempt is recorded');
      expect((await rows(s.id))[0]).toMatchObject({
        status: 'pending',
        attempts: 1,
        last_error: webhookDeadlineError(10_000),
      });
      expect(slow.state.connections).toBe(1);
    } finally {
      await slow.close();
      await fast.close();
      for (const stop of stops) await stop();
      await second.close();
    }
  });

  it('the real deadline ends an attempt the receiver keeps alive byte by byte', async () => {
    const slow = await trickler();
    let stop: (() => Promise<void>) | undefined;
    try {
      const s = await reseller(`http://${SLOW_HOST}:${slow.port}/hook`);
      await s.buy();
      stop = startWebhookWorker(kit.app.ctx, { ...FAST, deadlineMs: 200 });
      await until(() => recorded(s.id, 1), 'the slow attempt is recorded');
      expect((await rows(s.id))[0]).toMatchObject({
        status: 'pending',
        attempts: 1,
        last_error: webhookDeadlineError(200),
      });
      await until(() => slow.state.open === 0, 'the slow connection is closed');
    } finally {
      await slow.close();
      await stop?.();
    }
  });

  it('a claim left by an instance that died is sent again once its lease has passed', async () => {
    const fast = await receiver();
    try {
      const h = await reseller(`http://${FAST_HOST}:${fast.port}/hook`);
      await h.buy();
      // As a dead instance leaves it: claimed (one attempt counted), leased, never finished.
      const lease = Date.now() + LEASE_MS;
      await kit.app.ctx.db
        .updateTable('webhook_deliveries')
        .set({ attempts: 1, next_attempt_at: lease })
        .where('user_id', '=', h.id)
        .execute();
      expect(await runWebhooksOnce(kit.app.ctx, { now: lease - 1 })).toBe(0);
      expect(fast.received).toHaveLength(0);
      expect(await runWebhooksOnce(kit.app.ctx, { now: lease })).toBe(1);
      expect((await rows(h.id))[0]).toMatchObject({ status: 'delivered', attempts: 2 });
    } finally {
      await fast.close();
    }
  });
});

describe('a background worker', () => {
  it('never runs two passes at once, also after a pass longer than its interval', async () => {
    const log = { warn: () => {} } as unknown as AppContext['log'];
    let running = 0;
    let most = 0;
    let passes = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const stop = startWorker(
      { log } as AppContext,
      'test',
      async () => {
        passes++;
        running++;
        most = Math.max(most, running);
        if (passes === 1)
          await held; // the first pass outlasts many intervals
        else await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
      },
      1,
    );
    try {
      // The interval fires many times during the first pass (a wait, not an assertion).
      await new Promise((resolve) => setTimeout(resolve, 50));
      release();
      await until(() => passes >= 5, 'passes go on after the long one');
      expect(most).toBe(1);
    } finally {
      await stop();
    }
  });
});
