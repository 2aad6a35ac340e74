import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  VTU_PRODUCTS,
  createProviders,
  describeProviders,
  parseProviderRoutes,
  parseProvidersConfig,
} from './index.ts';
import { type FakeServer, startFakeServer } from './testing/fake-http.ts';

const VTPASS = { VTPASS_API_KEY: 'vt-api', VTPASS_PUBLIC_KEY: 'PK_vt', VTPASS_SECRET_KEY: 'SK_vt' };
const FLW = { FLUTTERWAVE_SECRET_KEY: 'FLWSECK_TEST-secret', FLUTTERWAVE_WEBHOOK_HASH: 'hook' };
const SECRETS = ['vt-api', 'PK_vt', 'SK_vt', 'FLWSECK_TEST-secret', 'hook'];
/** Biller codes for every data service id: BIL108 is MTN data's (Flutterwave changelog, how-to-buy-data-bundles-on-flutterwave); the docs show no other, so the rest are marked placeholders. */
const DATA_BILLERS =
  'mtn-data=BIL108, glo-data=OPERATOR-GLO-DATA, airtel-data=OPERATOR-AIRTEL-DATA, etisalat-data=OPERATOR-9MOBILE-DATA, ' +
  'smile-direct=OPERATOR-SMILE, spectranet=OPERATOR-SPECTRANET';

describe('provider configuration', () => {
  it('defaults to the sandbox for everything', () => {
    const providers = createProviders({});
    expect(providers.vt.name).toBe('sandbox-vt');
    expect(providers.flutterwave.name).toBe('sandbox-flutterwave');
    expect(providers.card.name).toBe('sandbox-card');
    // The live adapters against the payments simulator (ADR 0043), both named sandbox.
    expect(providers.sandboxCard).toBe(providers.simulators.payments);
    expect(providers.transfer.name).toBe('sandbox-transfer');
    expect(providers.sandboxTransfer).toBe(providers.simulators.payments);
    for (const product of VTU_PRODUCTS) {
      expect(providers.forProduct(product).name).toBe('sandbox-vt');
    }
    expect(providers.config).toMatchObject({
      VTPASS_BASE_URL: 'https://sandbox.vtpass.com/api',
      FLUTTERWAVE_BASE_URL: 'https://api.flutterwave.com',
      PROVIDER_TIMEOUT_MS: 30_000,
      SANDBOX_INSTANT: false,
    });
    const text = describeProviders(providers);
    expect(text).toContain('VT float = VTpass simulator');
    expect(text).toContain('second float = Flutterwave bill-payments simulator');
    expect(text).toContain('card = sandbox checkout');
  });

  it('answers the sandbox floats for the wallet routes', async () => {
    const providers = createProviders({ SANDBOX_INSTANT: '1' });
    expect(await providers.vt.balance()).toBe(2_500_000_00);
    expect(await providers.flutterwave.balance()).toBe(1_200_000_00);
  });

  it('keys switch the real adapters on; routes pick the float per product or service', () => {
    const providers = createProviders({
      ...VTPASS,
      ...FLW,
      FLUTTERWAVE_BILLERS: DATA_BILLERS,
      PROVIDER_ROUTES: 'data=flutterwave, airtime=vtpass,spectranet=sandbox',
      PROVIDER_TIMEOUT_MS: '5000',
    });
    expect(providers.vt.name).toBe('vtpass');
    expect(providers.flutterwave.name).toBe('flutterwave');
    expect(providers.card.name).toBe('flutterwave');
    expect(providers.sandboxCard).toBeNull();
    expect(providers.forProduct('airtime')).toBe(providers.vt);
    expect(providers.forProduct('electricity')).toBe(providers.vt);
    expect(providers.forProduct('data', 'mtn-data')).toBe(providers.flutterwave);
    expect(providers.forProduct('data', 'spectranet').name).toBe('sandbox-vt');
    expect(providers.byName('flutterwave')).toBe(providers.flutterwave);
    // Sandbox purchases stored under the old name still find the second float's sandbox.
    expect(providers.byName('sandbox-atg')?.name).toBe('sandbox-flutterwave');
    expect(providers.byName('atg')).toBeUndefined();
    expect(providers.byName('nope')).toBeUndefined();
    const text = describeProviders(providers);
    expect(text).toContain('VTpass at sandbox.vtpass.com');
    expect(text).toContain('second float = Flutterwave bill payments at api.flutterwave.com');
    expect(text).toContain('Flutterwave at api.flutterwave.com');
    expect(text).toContain('data → flutterwave');
    expect(text).toContain('spectranet → sandbox-vt');
    expect(text).toContain('Timeout 5000 ms');
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  });

  it('routes to Flutterwave without its key are served by the sandbox, and say so', async () => {
    const providers = createProviders({
      PROVIDER_ROUTES: 'data=flutterwave, dstv=flutterwave',
      SANDBOX_INSTANT: '1',
    });
    expect(providers.forProduct('data').name).toBe('sandbox-flutterwave');
    expect(providers.forProduct('cabletv', 'dstv').name).toBe('sandbox-flutterwave');
    expect(describeProviders(providers)).toContain(
      'set FLUTTERWAVE_SECRET_KEY for Flutterwave bill payments',
    );
    // The sandbox answers whatever the route names (no biller codes needed without the key),
    // under its own item code (our glo1000's, as the catalogue sync matches it: ADR 0052).
    const outcome = await providers.forProduct('data', 'glo-data').purchase({
      requestId: '202611250700sbx',
      product: 'data',
      serviceId: 'glo-data',
      variationCode: 'SIMIT-GLO-DATA-04',
      amount: 1_000_00,
      phone: '08051234567',
    });
    expect(outcome.status).toBe('successful');
  });

  it('the Flutterwave key sells a routed product through the real adapter', async () => {
    const providers = createProviders({
      ...FLW,
      FLUTTERWAVE_BILLERS: DATA_BILLERS,
      PROVIDER_ROUTES: 'data=flutterwave',
    });
    expect(providers.forProduct('data', 'glo-data')).toBe(providers.flutterwave);
    expect(providers.forProduct('airtime', 'mtn').name).toBe('sandbox-vt');
    expect(providers.config.billers['glo-data']).toEqual({ billerCode: 'OPERATOR-GLO-DATA' });
  });

  it('warns when Flutterwave has no webhook hash', () => {
    const providers = createProviders({ FLUTTERWAVE_SECRET_KEY: 'k' });
    expect(describeProviders(providers)).toContain('FLUTTERWAVE_WEBHOOK_HASH not set');
  });

  it('treats blank values as unset', () => {
    const providers = createProviders({
      VTPASS_API_KEY: '',
      VTPASS_PUBLIC_KEY: ' ',
      VTPASS_SECRET_KEY: '',
      FLUTTERWAVE_SECRET_KEY: '',
      PROVIDER_ROUTES: '',
      PROVIDER_TIMEOUT_MS: '',
      SANDBOX_INSTANT: '',
    });
    expect(providers.vt.name).toBe('sandbox-vt');
    expect(providers.card.name).toBe('sandbox-card');
  });

  it.each([
    [{ PROVIDER_ROUTES: 'dta=flutterwave' }, 'unknown product or service id "dta"'],
    [{ PROVIDER_ROUTES: 'data=paystack' }, 'unknown provider "paystack"'],
    [
      { PROVIDER_ROUTES: 'data' },
      '"data" is not <product or service id>=<vtpass|flutterwave|sandbox>',
    ],
    [{ PROVIDER_ROUTES: 'data=flutterwave,data=vtpass' }, '"data" is routed twice'],
    [{ PROVIDER_ROUTES: 'data=atg' }, 'ATG publishes no API'],
    // Exam pins are not among Flutterwave's bill categories: refused, key or not.
    [{ PROVIDER_ROUTES: 'education=flutterwave' }, 'do not sell education'],
    [{ PROVIDER_ROUTES: 'waec=flutterwave' }, 'do not sell education'],
    [
      { ...FLW, PROVIDER_ROUTES: 'airtime=flutterwave' },
      'PROVIDER_ROUTES sends glo, airtel, etisalat to Flutterwave, but FLUTTERWAVE_BILLERS names no Flutterwave biller for them',
    ],
    [{ FLUTTERWAVE_BILLERS: 'glo=BIL!102' }, 'FLUTTERWAVE_BILLERS: "glo=BIL!102" is not'],
    [{ FLUTTERWAVE_BILLERS: 'x'.repeat(4_001) }, 'FLUTTERWAVE_BILLERS is too long'],
    [{ VTPASS_API_KEY: 'x' }, 'VTpass needs all of VTPASS_API_KEY'],
    [{ ATG_API_KEY: 'x' }, 'ATG_API_KEY is no longer read'],
    [{ ATG_BASE_URL: 'https://atg.example' }, 'ATG_BASE_URL is no longer read'],
    [{ VTPASS_BASE_URL: 'not a url' }, 'VTPASS_BASE_URL must be an http(s) URL'],
    [{ PROVIDER_TIMEOUT_MS: 'soon' }, 'PROVIDER_TIMEOUT_MS must be a number'],
    [{ PROVIDER_TIMEOUT_MS: '10' }, 'PROVIDER_TIMEOUT_MS must be at least 100'],
    [{ SANDBOX_INSTANT: 'yes' }, 'SANDBOX_INSTANT must be 0 or 1'],
  ])('refuses %o clearly', (env, message) => {
    expect(() => parseProvidersConfig(env)).toThrow(message);
  });

  it('lists every problem at once, without secret values', () => {
    let text = '';
    try {
      parseProvidersConfig({ VTPASS_API_KEY: 'super-secret', SANDBOX_INSTANT: 'maybe' });
    } catch (error) {
      text = (error as Error).message;
    }
    expect(text).toMatch(/^Invalid provider configuration:/);
    expect(text).toContain('VTpass needs all of');
    expect(text).toContain('SANDBOX_INSTANT');
    expect(text).not.toContain('super-secret');
  });

  it('parses routes with vt as an alias and service ids', () => {
    expect(parseProviderRoutes('Data=Flutterwave;mtn-data=vt').products.data).toBe('flutterwave');
    expect(parseProviderRoutes('mtn-data=vt').services).toEqual({ 'mtn-data': 'vtpass' });
  });
});

describe('configured VTpass end to end (fake upstream)', () => {
  let fake: FakeServer;
  beforeAll(async () => {
    fake = await startFakeServer();
  });
  afterAll(() => fake.close());

  it('sends purchases for a routed product to the configured base URL', async () => {
    fake.handle(() => ({
      json: { code: '000', content: { transactions: { status: 'delivered', transactionId: 7 } } },
    }));
    const providers = createProviders({
      ...VTPASS,
      VTPASS_BASE_URL: `${fake.url}/api`,
      PROVIDER_TIMEOUT_MS: '5000',
    });
    const outcome = await providers.forProduct('airtime', 'mtn').purchase({
      requestId: '202611220449e2e',
      product: 'airtime',
      serviceId: 'mtn',
      amount: 100_00,
      phone: '08011111111',
    });
    expect(outcome).toMatchObject({ status: 'successful', providerReference: '7' });
    expect(fake.requests[0]?.headers['api-key']).toBe('vt-api');
  });
});
