import { api, DISPUTE_MSG, PENDING_MSG, ROLE_MSG, SERVER_MSG } from '@contract';
import { describe, expect, it } from 'vitest';
import { freezeClock, SEED_NOW } from './clock';
import { db } from './db';
import { call, ok, refusal } from './test-client';
import { balanceOf, loginAdmin, loginAs, setupMockServer } from './test-setup';

setupMockServer();

/** The mocks agree with the server on pending purchases (ADR 0041). */
describe('pending purchases (mock)', () => {
  it('lists the seed’s old pending purchases; fail and refund refunds once, audited', async () => {
    freezeClock(SEED_NOW);
    const token = await loginAdmin();
    const list = await ok(api.pendingPurchases, { token, query: { limit: 100 } });
    expect(list.alert_hours).toBe(24);
    expect(list.total).toBeGreaterThan(0);
    const first = list.message[0]!;
    const owner = first.user_id;
    const before = balanceOf(owner);
    const audited = db.audit.length;

    // The provider is asked first (ADR 0073): still processing refuses the refund.
    const refused = await call(api.failPending, { token, body: { id: first.transaction_id } });
    expect(refused.status).toBe(409);
    expect(refusal(refused.json).msg).toBe(
      PENDING_MSG.failButProcessing('VTpass', '099, TRANSACTION IS PROCESSING'),
    );
    expect(balanceOf(owner)).toBe(before);
    expect(db.audit).toHaveLength(audited);

    db.providerAnswers.set(first.transaction_id, 'failed');
    const res = await ok(api.failPending, { token, body: { id: first.transaction_id } });
    expect(res.message).toBe(PENDING_MSG.failedRefunded);
    expect(balanceOf(owner)).toBe(before + first.amount);
    expect(db.audit[0]).toMatchObject({ action: 'purchase.fail', target_id: first.transaction_id });

    const again = await call(api.failPending, { token, body: { id: first.transaction_id } });
    expect(again.status).toBe(409);
    expect(refusal(again.json).msg).toBe(PENDING_MSG.notPending);
    expect(balanceOf(owner)).toBe(before + first.amount);
    const after = await ok(api.pendingPurchases, { token, query: { limit: 100 } });
    expect(after.total).toBe(list.total - 1);
  });

  it('requery hears "still pending"; mark delivered needs pins for Education; customers are refused', async () => {
    freezeClock(SEED_NOW);
    const token = await loginAdmin();
    const list = await ok(api.pendingPurchases, { token, query: { limit: 100 } });
    const id = list.message[0]!.transaction_id;
    const requery = await ok(api.requeryPending, { token, body: { id } });
    expect(requery.message).toBe(PENDING_MSG.stillPending);

    const delivered = await ok(api.deliverPending, { token, body: { id, code: 'REF 123' } });
    expect(delivered.message).toBe(PENDING_MSG.markedDelivered);
    expect(db.transactions.find((t) => t.transaction_id === id)?.status).toBe('successful');

    const tooLong = await call(api.deliverPending, {
      token,
      body: { id, code: 'x'.repeat(501) },
    });
    expect(refusal(tooLong.json).msg).toBe(PENDING_MSG.codeTooLong);

    const customer = await loginAs();
    const refused = await call(api.failPending, { token: customer, body: { id } });
    expect(refused.status).toBe(403);
    expect(refusal(refused.json).msg).toBe(SERVER_MSG.forbidden);
  });
});

describe('disputed purchases (mock)', () => {
  it('lists the open ones oldest first; an owner resolves one once, audited; finance may not', async () => {
    freezeClock(SEED_NOW);
    const token = await loginAdmin();
    const open = await ok(api.purchaseDisputes, { token, query: { limit: 100 } });
    expect(open.total).toBe(2);
    expect(open.message.map((d) => d.ours)).toEqual(['refunded', 'failed']);
    const resolved = await ok(api.purchaseDisputes, {
      token,
      query: { limit: 100, status: 'resolved' },
    });
    expect(resolved.message[0]).toMatchObject({ resolution: 'kept', ours: 'delivered' });

    const id = open.message[0]!.transaction_id;
    const noAdjustment = await call(api.resolveDispute, {
      token,
      body: { id, resolution: 'adjusted', note: 'Taken back.', adjustment: 'NOPE-1' },
    });
    expect(noAdjustment.status).toBe(409);
    expect(refusal(noAdjustment.json).msg).toBe(DISPUTE_MSG.adjustmentNotFound);

    const admin = db.users.find((u) => u.email === 'admin@example.com')!;
    admin.admin_role = 'finance';
    const finance = await call(api.resolveDispute, {
      token,
      body: { id, resolution: 'kept', note: 'Checked.' },
    });
    expect(finance.status).toBe(403);
    expect(refusal(finance.json).msg).toBe(ROLE_MSG.notAllowed('finance'));
    expect((await ok(api.purchaseDisputes, { token })).total).toBe(2);
    admin.admin_role = 'owner';

    const res = await ok(api.resolveDispute, {
      token,
      body: { id, resolution: 'kept', note: 'The provider confirmed it was not delivered.' },
    });
    expect(res.message).toBe(DISPUTE_MSG.resolved);
    expect(db.audit[0]).toMatchObject({ action: 'purchase.dispute', target_id: id });
    const again = await call(api.resolveDispute, {
      token,
      body: { id, resolution: 'kept', note: 'Again.' },
    });
    expect(refusal(again.json).msg).toBe(DISPUTE_MSG.alreadyResolved);
    expect((await ok(api.purchaseDisputes, { token })).total).toBe(1);
  });
});
