/**
 * Webhook addresses cannot reach inside (SSRF; ADR 0026): private, loopback, link-local,
 * metadata and other non-public addresses are refused when saved, in every spelling (IPv4-mapped
 * IPv6, NAT64, hex), also when a public-looking name resolves to one, and again at delivery
 * (a name that resolved to a public address when saved and to a private one later is not sent).
 */
import { api, RESELLER_MSG } from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWebhooksOnce } from '../../src/reseller/webhooks.ts';
import {
  checkTarget,
  classifyAddress,
  type Resolve,
  type ResolvedAddress,
} from '../../src/reseller/webhook-target.ts';
import { createKit, PIN, type Kit } from '../helper.ts';

const refused = { type: 'validation_error', msg: RESELLER_MSG.webhookRefused };
const v4 = (address: string): ResolvedAddress[] => [{ address, family: 4 }];

describe('which addresses a webhook may go to', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::10.0.0.1',
    '2002:7f00:1::',
    // IPv4-compatible (deprecated), SIIT (IPv4-translated) and local-use NAT64.
    '::a9fe:a9fe',
    '::169.254.169.254',
    '::ffff:0:a9fe:a9fe',
    '::ffff:0:10.0.0.1',
    '64:ff9b:1::a9fe:a9fe',
    '64:ff9b:1:ffff::8.8.8.8',
    // The well-known NAT64 prefix holding a private or metadata address, in every spelling.
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:0:0:0:0:a00:1',
    '64:FF9B::A9FE:A9FE',
    // 64:ff9b::/32 outside the /96: nothing is assigned there.
    '64:ff9b:2::808:808',
    // 6to4 (any embedded address: deprecated, and its relays are anyone's), Teredo, ORCHID.
    '2002:0808:0808::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2001:20::1',
    // Reserved or not global unicast: 0::/8 left-overs, 100::/64, documentation (3fff::/20),
    // SRv6 SIDs (5f00::/16), anything outside 2000::/3.
    '::2',
    '::1:0:0:1',
    '100::1',
    '3fff::1',
    '5f00::1',
    '4000::1',
    'e000::1',
    'fe80::1%eth0',
  ])('%s is not public', (address) => {
    expect(classifyAddress(address)).not.toBe('public');
  });

  it.each([
    '8.8.8.8',
    '102.89.32.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    // A NAT64 gateway's well-known prefix holding a public address is how IPv6-only
    // networks reach IPv4 ones.
    '64:ff9b::8.8.8.8',
    '64:ff9b::808:808',
    '2c0f:f5c0::1',
  ])('%s is public', (address) => {
    expect(classifyAddress(address)).toBe('public');
  });

  const policy = (resolve: Resolve, allowLoopback = false) => ({ allowLoopback, resolve });
  const publicDns: Resolve = async () => v4('102.89.32.1');

  it('refuses private targets by IP and by a name that resolves to one', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://[::1]/hook',
      'https://[::ffff:169.254.169.254]/latest/meta-data',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.5:8443/x',
      // the metadata address inside IPv4-compatible, SIIT and local NAT64 forms.
      'https://[::a9fe:a9fe]/latest/meta-data',
      'https://[::169.254.169.254]/latest/meta-data',
      'https://[::ffff:0:a9fe:a9fe]/latest/meta-data',
      'https://[64:ff9b:1::a9fe:a9fe]/latest/meta-data',
    ]) {
      await expect(checkTarget(url, policy(publicDns)), url).rejects.toMatchObject({
        msg: RESELLER_MSG.webhookRefused,
      });
    }
    // A public-looking name pointing inside, or with one inside address among public ones.
    const rebinding: Resolve = async () => [
      { address: '102.89.32.1', family: 4 },
      { address: '10.0.0.1', family: 4 },
    ];
    await expect(
      checkTarget(
        'https://metadata.example.com/',
        policy(async () => v4('169.254.169.254')),
      ),
    ).rejects.toMatchObject({ msg: RESELLER_MSG.webhookRefused });
    await expect(
      checkTarget('https://mixed.example.com/', policy(rebinding)),
    ).rejects.toMatchObject({ msg: RESELLER_MSG.webhookRefused });
    // The same through a name whose AAAA record holds one of them.
    for (const address of ['::a9fe:a9fe', '::ffff:0:a9fe:a9fe', '64:ff9b:1::a9fe:a9fe']) {
      await expect(
        checkTarget(
          'https://aaaa.example.com/',
          policy(async () => [{ address, family: 6 }]),
        ),
        address,
      ).rejects.toMatchObject({ msg: RESELLER_MSG.webhookRefused });
    }
  });

  it('loopback only in sandbox mode, and plain http only there; credentials never', async () => {
    const local: Resolve = async () => v4('127.0.0.1');
    await expect(
      checkTarget('http://localhost:9000/h', policy(local, true)),
    ).resolves.toMatchObject({
      address: { address: '127.0.0.1' },
    });
    await expect(
      checkTarget('http://localhost:9000/h', policy(local, false)),
    ).rejects.toMatchObject({
      msg: RESELLER_MSG.webhookRefused,
    });
    await expect(checkTarget('http://shop.example.com/h', policy(publicDns))).rejects.toMatchObject(
      {
        msg: RESELLER_MSG.webhookUrl,
      },
    );
    await expect(
      checkTarget('https://user:pass@shop.example.com/h', policy(publicDns)),
    ).rejects.toMatchObject({ msg: RESELLER_MSG.webhookUrl });
    await expect(checkTarget('ftp://shop.example.com/h', policy(publicDns))).rejects.toMatchObject({
      msg: RESELLER_MSG.webhookUrl,
    });
    await expect(
      checkTarget('https://shop.example.com/h', policy(publicDns)),
    ).resolves.toMatchObject({
      address: { address: '102.89.32.1' },
    });
  });
});

describe('the API refuses them (WEBHOOK_ALLOW_LOOPBACK=0)', () => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit('sqlite', { env: { WEBHOOK_ALLOW_LOOPBACK: '0' } });
  });
  afterAll(async () => kit.close());

  it('saving a private address changes nothing', async () => {
    const u = await kit.user();
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'https://localhost/hook',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::ffff:10.0.0.1]/',
    ]) {
      const res = await kit.call(api.setWebhook, { token: u.token, body: { url } });
      expect(res, url).toEqual({ status: 400, body: refused });
    }
    const bad = await kit.call(api.setWebhook, { token: u.token, body: { url: 'not a url' } });
    expect(bad.body).toEqual({ type: 'validation_error', msg: RESELLER_MSG.webhookUrl });
    const long = await kit.call(api.setWebhook, {
      token: u.token,
      body: { url: `https://a.example.com/${'x'.repeat(500)}` },
    });
    expect(long.body).toEqual({ type: 'validation_error', msg: RESELLER_MSG.webhookUrl });
    expect((await kit.call(api.webhook, { token: u.token })).body).toEqual({
      message: { url: null },
    });
  });

  it('a name that turns private after it was saved is not sent to', async () => {
    const u = await kit.user({ funds: 5_000_00 });
    const created = await kit.call(api.createApiKey, { token: u.token, body: { name: 'k' } });
    // Saved while it resolved to a public address (written straight in: no DNS in tests).
    await kit.app.ctx.db
      .insertInto('webhook_endpoints')
      .values({ user_id: u.id, url: 'https://rebind.example.com/hook', updated_at: Date.now() })
      .execute();
    await kit.call(api.airtime, {
      body: { pin: PIN, phone_number: '08031235678', amount: 100 },
      headers: { 'x-api-key': created.body.message.key, 'x-request-id': 'rb-1' },
    });
    const delivered = await runWebhooksOnce(kit.app.ctx, {
      policy: { allowLoopback: false, resolve: async () => v4('10.0.0.7') },
    });
    expect(delivered).toBe(0);
    const row = await kit.app.ctx.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', last_status: null, attempts: 1 });
    expect(row.last_error).toBe(RESELLER_MSG.webhookRefused);
  });
});
