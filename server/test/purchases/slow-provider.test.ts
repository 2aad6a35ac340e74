/**
 * Calm under a slow provider (ADR 0060): the bench's slow simulators
 * (SANDBOX_LATENCY_MS), the requery worker asking a claimed batch at once, the purchase gate
 * (PURCHASE_CONCURRENCY) that takes turns for the database work and never across the provider
 * call, and the pool size (DATABASE_POOL_SIZE), each checked at start.
 */
import { api } from '@contract';
import { afterEach, describe, expect, it } from 'vitest';
import { Gate } from '../../src/platform/gate.ts';
import { parseCapacity } from '../../src/platform/capacity.ts';
import type { PurchaseRequest } from '../../src/providers/index.ts';
import { runRequeryOnce } from '../../src/purchases/requery.ts';
import { createKit, engines, PIN, type Kit } from '../helper.ts';

/** Lets every continuation already queued run (no clock involved). */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('Gate', () => {
  it('runs at most its limit at once; the others wait in order, urgent ones first', async () => {
    const gate = new Gate(2);
    const started: string[] = [];
    const release = new Map<string, () => void>();
    const task = (name: string) => () =>
      new Promise<string>((resolve) => {
        started.push(name);
        release.set(name, () => resolve(name));
      });
    const runs = [
      gate.run(task('a')),
      gate.run(task('b')),
      gate.run(task('c')),
      gate.run(task('d')),
      gate.run(task('settle'), { urgent: true }),
    ];
    await turn();
    expect(started).toEqual(['a', 'b']);
    expect(gate.load).toEqual({ active: 2, waiting: 3 });
    release.get('a')!();
    await turn();
    // The purchase already charged settles before new ones start.
    expect(started).toEqual(['a', 'b', 'settle']);
    release.get('b')!();
    await turn();
    expect(started).toEqual(['a', 'b', 'settle', 'c']);
    for (const name of ['settle', 'c']) release.get(name)!();
    await turn();
    release.get('d')!();
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c', 'd', 'settle']);
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
  });

  it('a task that throws frees its turn', async () => {
    const gate = new Gate(1);
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(() => Promise.resolve('next'))).toBe('next');
  });
});

describe('capacity settings', () => {
  it('defaults, and names the setting it refuses', () => {
    expect(parseCapacity({})).toEqual({
      databasePoolSize: 10,
      purchaseConcurrency: 4,
      listenBacklog: 4096,
      purchaseAnswerMs: 5_000,
    });
    expect(
      parseCapacity({
        DATABASE_POOL_SIZE: '40',
        PURCHASE_CONCURRENCY: ' 16 ',
        LISTEN_BACKLOG: '1024',
      }),
    ).toEqual({
      databasePoolSize: 40,
      purchaseConcurrency: 16,
      listenBacklog: 1024,
      purchaseAnswerMs: 5_000,
    });
    expect(() => parseCapacity({ LISTEN_BACKLOG: '65536' })).toThrow(
      /^LISTEN_BACKLOG must be a whole number from 1 to 65535/,
    );
    for (const bad of ['0', '-1', '2.5', 'many', '1001', '9'.repeat(50)]) {
      expect(() => parseCapacity({ DATABASE_POOL_SIZE: bad })).toThrow(
        /^DATABASE_POOL_SIZE must be a whole number from 1 to 1000/,
      );
      expect(() => parseCapacity({ PURCHASE_CONCURRENCY: bad })).toThrow(
        /^PURCHASE_CONCURRENCY must be a whole number from 1 to 1000/,
      );
    }
  });
});

describe.each(engines)('slow provider (%s)', (engine) => {
  let kit: Kit | undefined;
  afterEach(async () => {
    await kit?.close();
    kit = undefined;
  });

  it('a bad DATABASE_POOL_SIZE or PURCHASE_CONCURRENCY stops the start with its message', async () => {
    await expect(createKit(engine, { env: { DATABASE_POOL_SIZE: '0' } })).rejects.toThrow(
      'DATABASE_POOL_SIZE must be a whole number from 1 to 1000',
    );
    await expect(createKit(engine, { env: { PURCHASE_CONCURRENCY: 'lots' } })).rejects.toThrow(
      'PURCHASE_CONCURRENCY must be a whole number from 1 to 1000',
    );
  });

  it('SANDBOX_LATENCY_MS slows every simulator, and a tester clearing faults keeps it', async () => {
    kit = await createKit(engine, { env: { SANDBOX_LATENCY_MS: '10000' } });
    const { simulators } = kit.app.ctx.providers;
    for (const sim of [simulators.vtpass, simulators.bills, simulators.payments]) {
      expect(sim.faults.latencyMs).toBe(10_000);
      sim.faults.latencyMs = 0;
      sim.faults.clear();
      expect(sim.faults.latencyMs).toBe(10_000);
    }
  });

  it('purchases wait their turn for the database, never for each other’s provider call', async () => {
    kit = await createKit(engine, { env: { PURCHASE_CONCURRENCY: '1' } });
    const vt = kit.app.ctx.providers.byName('sandbox-vt')!;
    const purchase = vt.purchase.bind(vt);
    const calls: (() => void)[] = [];
    // The provider answers only once all three purchases are at it together.
    vt.purchase = async (request: PurchaseRequest) => {
      await new Promise<void>((resolve) => {
        calls.push(resolve);
        if (calls.length === 3) for (const go of calls) go();
      });
      return purchase(request);
    };
    const u = await kit.user({ funds: 10_000_00 });
    const buy = () =>
      kit!.call(api.airtime, {
        token: u.token,
        body: { pin: PIN, phone_number: '08031235678', amount: 100 },
      });
    const answers = await Promise.all([buy(), buy(), buy()]);
    expect(answers.map((a) => [a.status, a.body.message.status])).toEqual([
      [200, 'successful'],
      [200, 'successful'],
      [200, 'successful'],
    ]);
    expect(await kit.balance(u.id)).toBe(10_000_00 - 3 * 98_00);
    expect(await kit.invariants()).toEqual([]);
  });

  it('the requery worker asks every claimed purchase at once, each settled once', async () => {
    kit = await createKit(engine);
    const u = await kit.user({ funds: 10_000_00 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      // 1111: the simulator answers pending, then delivered when asked again.
      const res = await kit.call(api.airtime, {
        token: u.token,
        body: { pin: PIN, phone_number: '08031231111', amount: 100 },
      });
      expect(res.body.message.status).toBe('pending');
      ids.push(res.body.message.transaction_id as string);
    }
    const vt = kit.app.ctx.providers.byName('sandbox-vt')!;
    const requery = vt.requery.bind(vt);
    let asking = 0;
    let most = 0;
    vt.requery = async (requestId: string) => {
      asking++;
      most = Math.max(most, asking);
      try {
        await turn();
        return await requery(requestId);
      } finally {
        asking--;
      }
    };
    expect(await runRequeryOnce(kit.app.ctx, { now: Date.now() + 3_600_000 })).toBe(3);
    expect(most).toBe(3);
    const rows = await kit.app.ctx.db
      .selectFrom('transactions')
      .select('status')
      .where('id', 'in', ids)
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['successful', 'successful', 'successful']);
    expect(await kit.balance(u.id)).toBe(10_000_00 - 3 * 98_00);
    expect(await kit.invariants()).toEqual([]);
  });
});
