/**
 * The bad-input harness (bad-input.ts) survives whatever it generates: a property test of the
 * test code itself, so a red fuzz run always means the server, never the harness.
 */
import { api } from '@contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asText, badBodies, badRequest, queryOf } from '../bad-input.ts';
import { runs } from '../../../scripts/property-tests.ts';

const bodies = badBodies(['amount', 'q'], ['08031234567'], 6);

describe('bad-input harness', () => {
  it('turns the issue-12 counterexample into a query instead of throwing', () => {
    // fast-check seed -1525608512: `String({ toString: 0 })` threw inside the test.
    const request = badRequest(api.vtBalance, { body: [{ toString: 0 }], token: 't' });
    expect(request.url).toBe('/api/user/vtwallet?0=%7B%22toString%22%3A0%7D');
    expect(request.headers).toMatchObject({ authorization: 'Bearer t' });
  });

  it.each([
    ['an object whose toString is a number', { toString: 0 }, '{"toString":0}'],
    ['an object without a prototype', Object.create(null), '{}'],
    ['a boxed string', Object('ab'), '"ab"'],
    ['a BigInt', 12n, '12'],
    ['a symbol', Symbol('s'), 'Symbol(s)'],
    [
      'a throwing toJSON',
      {
        toJSON: () => {
          throw new Error('no');
        },
      },
      '[object Object]',
    ],
    ['undefined', undefined, 'undefined'],
  ])('writes %s as text', (_what, value, text) => {
    expect(asText(value)).toBe(text);
  });

  it('builds a request from every generated body: GET query, DELETE path, JSON payload', () => {
    fc.assert(
      fc.property(bodies, fc.string({ maxLength: 40 }), (body, id) => {
        const read = badRequest(api.users, { body });
        expect(read.url).toMatch(/^\/api\/user\/all\?/);
        expect(read.payload).toBeUndefined();
        const remove = badRequest(api.deleteTransaction, { body, id });
        expect(remove.url).toMatch(/^\/api\/transactions\/delete\/[^/?]+\?/);
        const write = badRequest(api.share, { body });
        expect(typeof write.payload).toBe('string');
      }),
      { numRuns: runs(2_000) },
    );
  });

  it('passes a raw body through untouched', () => {
    expect(badRequest(api.share, { body: {}, raw: '{"a":}' }).payload).toBe('{"a":}');
    expect(queryOf('not an object')).toBe('');
  });
});
