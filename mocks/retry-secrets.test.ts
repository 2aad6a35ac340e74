import { api, RESELLER_MSG } from '@contract';
import { describe, expect, it } from 'vitest';
import { db } from './db';
import { call, ok, refusal } from './test-client';
import { loginAs, setupMockServer } from './test-setup';

setupMockServer();

describe('retry records in the mocks agree with the server (ADR 0034)', () => {
  it('a retry of a key creation names the key; neither the key nor its secret is kept', async () => {
    const token = await loginAs();
    const before = (await ok(api.apiKeys, { token })).message.length;
    const options = { token, body: { name: 'Till' }, headers: { 'X-Request-Id': 'ck-1' } };
    const created = (await ok(api.createApiKey, options)).message;
    expect(created.key).toMatch(/^pbk_/);
    const kept = JSON.stringify([...db.idempotency.values()]);
    expect(kept).not.toContain(created.key);
    expect(kept).not.toContain(created.webhook_secret);

    const retry = await call(api.createApiKey, options);
    expect(retry.status).toBe(409);
    expect(refusal(retry.json)).toEqual({
      type: 'conflict',
      msg: RESELLER_MSG.keyShownOnce(created.id, created.prefix),
    });
    expect((await ok(api.apiKeys, { token })).message).toHaveLength(before + 1);
  });
});
