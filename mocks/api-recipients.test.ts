import { api, LIMITS, SERVER_MSG } from '@contract';
import { describe, expect, it } from 'vitest';
import { db } from './db';
import { FRIEND_CUSTOMER } from './fixtures/users';
import { call, ok, refusal } from './test-client';
import { loginAs, setupMockServer } from './test-setup';

setupMockServer();

describe('saved and recent recipients', () => {
  it("lists the demo customer's saved recipients and recent destinations, not both", async () => {
    const token = await loginAs();
    const { message } = await ok(api.recipients, { token });
    expect(message.saved.map((r) => r.name)).toEqual([
      "Mum's MTN",
      'Home meter',
      'Living room DStv',
    ]);
    const savedKeys = message.saved.map((r) => `${r.product}|${r.destination}`);
    expect(message.recent.length).toBeGreaterThan(0);
    for (const r of message.recent) {
      expect(r.id).toBeNull();
      expect(savedKeys).not.toContain(`${r.product}|${r.destination}`);
      // Failed purchases (…0000) are not offered again.
      expect(r.destination.endsWith('0000')).toBe(false);
    }
  });

  it('saves, renames, deletes; another customer can neither see nor delete', async () => {
    const token = await loginAs();
    const saved = await ok(api.saveRecipient, {
      token,
      body: { product: 'Airtime', destination: '08051234567', service_id: 'glo', name: 'Tobi' },
    });
    expect(saved.message).toMatchObject({ name: 'Tobi', variation_code: null });
    const friend = await loginAs(FRIEND_CUSTOMER.email);
    expect((await ok(api.recipients, { token: friend })).message.saved).toEqual([]);
    const stranger = await call(api.deleteRecipient, {
      token: friend,
      params: { id: saved.message.id! },
    });
    expect(stranger.status).toBe(404);
    expect(refusal(stranger.json).msg).toBe(SERVER_MSG.recipientNotFound);
    await ok(api.deleteRecipient, { token, params: { id: saved.message.id! } });
    const names = (await ok(api.recipients, { token })).message.saved.map((r) => r.name);
    expect(names).not.toContain('Tobi');
  });

  it(`refuses a ${LIMITS.savedRecipients + 1}th saved recipient`, async () => {
    const token = await loginAs();
    const have = db.recipients.filter((r) => r.user_id === db.users[0]?.id).length;
    for (let i = have; i < LIMITS.savedRecipients + 5; i++) {
      const res = await call(api.saveRecipient, {
        token,
        body: {
          product: 'Airtime',
          destination: `080312300${String(i).padStart(2, '0')}`,
          service_id: 'mtn',
          name: `N${i}`,
        },
      });
      if (res.status !== 200) {
        expect(res.status).toBe(409);
        expect(refusal(res.json).msg).toBe(SERVER_MSG.recipientsFull(LIMITS.savedRecipients));
        break;
      }
    }
    expect((await ok(api.recipients, { token })).message.saved).toHaveLength(
      LIMITS.savedRecipients,
    );
  });
});
