/**
 * The admin audit log (ADR 0025): every admin action that changes something writes
 * exactly one entry (who, what, when, before/after, request id, address) in the action's own
 * transaction: a refused action writes none, and an action whose entry cannot be written does
 * not happen. Only admins read it; it is paged and filtered; it holds no secret.
 */
import { api, SERVER_MSG } from '@contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, createKit, engines, PASSWORD, PIN, type Kit } from '../helper.ts';
import { AUDIT_APPEND_ONLY } from '../../migrations/0010-audit-append-only.ts';

describe.each(engines)('admin audit log on %s', (engine) => {
  let kit: Kit;
  let admin: string;
  beforeAll(async () => {
    kit = await createKit(engine, { env: { AUTO_REVERSE_FAILED: '0' } });
    admin = await adminLogin(kit);
  });
  afterAll(async () => kit.close());

  const entries = async (query: Record<string, string> = {}) => {
    const res = await kit.call(api.auditLog, { token: admin, query: { limit: '100', ...query } });
    expect(res.status).toBe(200);
    return res.body;
  };

  it('block and unblock: one entry each, with before/after, request id and address', async () => {
    const u = await kit.user();
    const block = await kit.call(api.blockUser, {
      token: admin,
      body: { id: u.id, reason: 'Card fraud report' },
      requestId: 'audit-block-1',
    });
    expect(block.status).toBe(200);
    // Refused actions (already blocked; not found) write nothing.
    expect(
      (
        await kit.call(api.blockUser, {
          token: admin,
          body: { id: u.id, reason: 'Card fraud report' },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await kit.call(api.blockUser, {
          token: admin,
          body: { id: 'nobody', reason: 'Card fraud report' },
        })
      ).status,
    ).toBe(404);
    await kit.call(api.unblockUser, { token: admin, body: { id: u.id } });
    const log = await entries({ target: u.id });
    expect(log.total).toBe(2);
    expect(log.message[0]).toMatchObject({
      admin: kit.config.adminEmail,
      action: 'user.unblock',
      target_type: 'user',
      target_id: u.id,
      target_label: u.email,
      before: { blocked: true },
      after: { blocked: false },
      request_id: null,
    });
    expect(log.message[1]).toMatchObject({
      action: 'user.block',
      before: { blocked: false },
      after: { blocked: true, reason: 'Card fraud report' },
      request_id: 'audit-block-1',
      ip: '127.0.0.1',
    });
    expect(log.message[1].created_at).toBeLessThanOrEqual(log.message[0].created_at);
    // Found by the target's e-mail too.
    expect((await entries({ target: u.email })).total).toBe(2);
  });

  it('a reversal and a plan change: one entry each with what changed', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const buy = await kit.call(api.airtime, {
      token: u.token,
      body: { pin: PIN, phone_number: '08031230000', amount: 1000 },
    });
    expect(buy.body.message.status).toBe('failed');
    const body = { userId: u.id, transactionId: buy.body.message.transaction_id };
    const tries = await Promise.all(
      Array.from({ length: 3 }, () => kit.call(api.reverse, { token: admin, body })),
    );
    expect(tries.filter((t) => t.status === 200)).toHaveLength(1);
    const reversal = await entries({ action: 'transaction.reverse', target: body.transactionId });
    expect(reversal.total).toBe(1);
    expect(reversal.message[0]).toMatchObject({
      target_label: u.email,
      before: { status: 'failed' },
      after: { status: 'reversed', refunded_kobo: 980_00 },
    });

    const edit = await kit.call(api.editProduct, {
      token: admin,
      body: { name: 'MTN', plan_id: 'mtn-data-2-5gb-2d', price: 550 },
    });
    expect(edit.status).toBe(200);
    const missing = await kit.call(api.editProduct, {
      token: admin,
      body: { name: 'MTN', plan_id: 'no-such-plan', price: 550 },
    });
    expect(missing.body.msg).toBe(SERVER_MSG.productNotFound);
    const plan = await entries({ action: 'product.edit' });
    expect(plan.total).toBe(1);
    expect(plan.message[0]).toMatchObject({
      target_type: 'plan',
      before: { price_kobo: 600_00, on_sale: true },
      after: { price_kobo: 550_00, on_sale: true },
    });
    expect(plan.message[0].before.name).toBe(plan.message[0].after.name);
  });

  it('only admins read it; paged and filtered; no secret in it', async () => {
    const u = await kit.user();
    expect((await kit.call(api.auditLog, { token: u.token })).status).toBe(403);
    expect((await kit.call(api.auditLog, {})).status).toBe(401);
    const page1 = await kit.call(api.auditLog, { token: admin, query: { limit: '2' } });
    expect(page1.body).toMatchObject({ page: 1, total: 4, pages: 2 });
    expect(page1.body.message).toHaveLength(2);
    const page2 = await kit.call(api.auditLog, { token: admin, query: { limit: '2', page: '2' } });
    expect(page2.body.message.map((e: { id: string }) => e.id)).not.toContain(
      page1.body.message[0].id,
    );
    expect((await entries({ admin: kit.config.adminEmail })).total).toBe(4);
    expect((await entries({ admin: 'someone@else.example' })).total).toBe(0);
    const bad = await kit.call(api.auditLog, { token: admin, query: { action: 'user.delete' } });
    expect(bad.status).toBe(400);
    const all = JSON.stringify(await entries());
    for (const secret of [PASSWORD, PIN, kit.config.adminPassword, admin]) {
      expect(all).not.toContain(secret);
    }
  });

  it('no API call edits or deletes an entry', () => {
    const routes = Object.values(api).filter((e) => e.path.startsWith('/api/admin/audit'));
    expect(routes.map((e) => e.method)).toEqual(['GET']);
  });

  it('the database itself refuses to edit or delete an entry', async () => {
    const u = await kit.user();
    await kit.call(api.blockUser, {
      token: admin,
      body: { id: u.id, reason: 'Card fraud report' },
    });
    const db = kit.app.ctx.db;
    const entry = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', u.id)
      .executeTakeFirstOrThrow();
    await expect(
      db
        .updateTable('audit_log')
        .set({ action: 'user.unblock' })
        .where('id', '=', entry.id)
        .execute(),
    ).rejects.toThrow(AUDIT_APPEND_ONLY);
    await expect(db.deleteFrom('audit_log').where('id', '=', entry.id).execute()).rejects.toThrow(
      AUDIT_APPEND_ONLY,
    );
    if (engine === 'postgres') {
      await expect(sql`truncate audit_log`.execute(db)).rejects.toThrow(AUDIT_APPEND_ONLY);
    }
    const after = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('id', '=', entry.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(entry);
  });

  it('no insert rewrites an entry either: REPLACE, upsert, MERGE, replica mode', async () => {
    const u = await kit.user();
    await kit.call(api.blockUser, {
      token: admin,
      body: { id: u.id, reason: 'Card fraud report' },
    });
    const db = kit.app.ctx.db;
    const entry = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', u.id)
      .executeTakeFirstOrThrow();
    const columns = sql.raw(
      'id, admin_id, admin_email, action, target_type, target_id, created_at, after_json',
    );
    const forged = sql`${entry.id}, ${entry.admin_id}, ${entry.admin_email}, 'user.unblock',
      ${entry.target_type}, ${entry.target_id}, ${entry.created_at}, '{"blocked":false}'`;
    const rewrites = [
      // Each engine's "insert or else overwrite" spellings.
      sql`insert into audit_log (${columns}) values (${forged})
          on conflict (id) do update set action = excluded.action, after_json = excluded.after_json`,
      ...(engine === 'sqlite'
        ? [
            // REPLACE deletes the old row without firing delete triggers (no recursive_triggers).
            sql`insert or replace into audit_log (${columns}) values (${forged})`,
            sql`replace into audit_log (${columns}) values (${forged})`,
            // The same through the rowid, under a fresh id.
            sql`insert or replace into audit_log (rowid, ${columns})
                select rowid, 'forged-' || id, admin_id, admin_email, 'user.unblock', target_type,
                  target_id, created_at, after_json from audit_log where id = ${entry.id}`,
          ]
        : [
            sql`merge into audit_log a using (select ${entry.id}::varchar as id) s on a.id = s.id
                when matched then update set action = 'user.unblock'`,
            sql`merge into audit_log a using (select ${entry.id}::varchar as id) s on a.id = s.id
                when matched then delete`,
          ]),
    ];
    for (const statement of rewrites) {
      await expect(statement.execute(db)).rejects.toThrow(AUDIT_APPEND_ONLY);
    }
    if (engine === 'postgres') {
      // Replica mode turns ordinary triggers off for a session (what restores and logical
      // replication use): the guard must hold there too.
      await expect(
        db.transaction().execute(async (trx) => {
          await sql`set local session_replication_role = replica`.execute(trx);
          await sql`delete from audit_log where id = ${entry.id}`.execute(trx);
        }),
      ).rejects.toThrow(AUDIT_APPEND_ONLY);
    } else {
      // A row given rowid -1 would collide with every later insert's BEFORE-trigger view
      // (SQLite shows -1 there for a rowid it has not assigned yet): refused, so the log keeps
      // taking entries.
      await expect(
        sql`insert into audit_log (rowid, ${columns})
            values (-1, 'forged-neg', ${entry.admin_id}, ${entry.admin_email}, 'user.block',
              'user', 'x', 1, null)`.execute(db),
      ).rejects.toThrow(AUDIT_APPEND_ONLY);
    }
    const after = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', u.id)
      .execute();
    expect(after).toEqual([entry]);
    // A new entry is still written as before.
    await kit.call(api.unblockUser, { token: admin, body: { id: u.id } });
    expect((await entries({ target: u.id })).total).toBe(2);
  });

  it('an action whose entry cannot be written does not happen (same transaction)', async () => {
    const u = await kit.user();
    await sql`drop table audit_log`.execute(kit.app.ctx.db);
    const res = await kit.call(api.blockUser, {
      token: admin,
      body: { id: u.id, reason: 'Card fraud report' },
    });
    expect(res.status).toBe(500);
    const row = await kit.app.ctx.db
      .selectFrom('users')
      .select('is_blocked')
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.is_blocked)).toBe(0);
  });
});
