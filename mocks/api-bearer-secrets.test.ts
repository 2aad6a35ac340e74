import { api, maskBearer, REVEAL_MSG, ROLE_MSG } from '@contract';
import { describe, expect, it } from 'vitest';
import { db } from './db';
import { DEMO_ADMIN, NO_PIN_CUSTOMER } from './fixtures/users';
import { call, ok, refusal } from './test-client';
import { loginAdmin, setupMockServer } from './test-setup';

setupMockServer();

/** Bearer secrets (ADR 0071) in the mocks, as on the server. */
const withToken = () => db.transactions.find((t) => t.status === 'successful' && t.token)!;
const reason = 'The customer says the token did not load.';

describe('bearer secrets', () => {
  it('the admin list masks a token and lists it for the reveal', async () => {
    const tx = withToken();
    const list = await ok(api.transactions, {
      token: await loginAdmin(),
      query: { id: tx.transaction_id },
    });
    expect(list.message[0]).toMatchObject({
      token: maskBearer(tx.token!),
      secrets: [{ field: 'token', item: 0, masked: maskBearer(tx.token!) }],
    });
    expect(JSON.stringify(list)).not.toContain(tx.token!);
  });

  it('an owner reveals it with a reason: audited without the value', async () => {
    const tx = withToken();
    const token = await loginAdmin();
    const missing = await call(api.revealSecret, {
      token,
      params: { id: tx.transaction_id },
      body: { field: 'token', reason: '' },
    });
    expect(refusal(missing.json).msg).toBe(REVEAL_MSG.reasonRequired);
    const shown = await ok(api.revealSecret, {
      token,
      params: { id: tx.transaction_id },
      body: { field: 'token', reason },
    });
    expect(shown.message).toEqual({ field: 'token', item: 0, value: tx.token });
    expect(db.audit[0]).toMatchObject({
      action: 'secret.reveal',
      target_id: tx.transaction_id,
      after: { field: 'token', item: 0, masked: maskBearer(tx.token!), reason },
    });
    expect(JSON.stringify(db.audit[0])).not.toContain(tx.token!);
  });

  it('support is refused until an owner grants it, then reveals', async () => {
    const tx = withToken();
    const me = db.users.find((u) => u.id === DEMO_ADMIN.id)!;
    me.admin_role = 'support';
    const token = await loginAdmin();
    const body = { field: 'token', reason };
    const refused = await call(api.revealSecret, {
      token,
      params: { id: tx.transaction_id },
      body,
    });
    expect(refused.status).toBe(403);
    expect(refusal(refused.json).msg).toBe(ROLE_MSG.notAllowed('support'));
    me.admin_grants = ['secrets.reveal'];
    expect((await ok(api.adminSelf, { token })).message.grants).toEqual(['secrets.reveal']);
    const shown = await ok(api.revealSecret, { token, params: { id: tx.transaction_id }, body });
    expect(shown.message.value).toBe(tx.token);
  });

  it('an owner grants the reveal to a support admin only', async () => {
    const support = db.users.find((u) => u.id === NO_PIN_CUSTOMER.id)!;
    Object.assign(support, { isAdmin: true, admin_role: 'finance' });
    const token = await loginAdmin();
    const grant = (granted: boolean) =>
      call(api.setAdminGrant, {
        token,
        body: { user_id: support.id, permission: 'secrets.reveal', granted },
      });
    expect(refusal((await grant(true)).json).msg).toBe(REVEAL_MSG.notGrantable);
    support.admin_role = 'support';
    expect((await grant(true)).json).toEqual({ message: REVEAL_MSG.granted });
    const admins = await ok(api.admins, { token });
    expect(admins.message.find((a) => a.id === support.id)?.grants).toEqual(['secrets.reveal']);
    expect(refusal((await grant(true)).json).msg).toBe(REVEAL_MSG.unchanged);
    expect((await grant(false)).json).toEqual({ message: REVEAL_MSG.revoked });
  });
});
