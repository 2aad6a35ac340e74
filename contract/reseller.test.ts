/**
 * The reseller API's rules: every new string field has a maximum length with its
 * message, the requery takes exactly one of id and request_id, and the OpenAPI document
 * describes every endpoint of the contract with its path parameters, body and errors.
 */
import { describe, expect, it } from 'vitest';
import { allEndpoints } from './endpoint-map';
import { openApiDocument } from './openapi';
import {
  API_KEY_ENDPOINTS,
  ApiKeyBody,
  RequeryQuery,
  RESELLER_LIMITS,
  RESELLER_MSG,
  WebhookBody,
} from './reseller';

// Operations are read field by field: `any` keeps the assertions short.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Operation = Record<string, any>;

const issue = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('reseller bodies', () => {
  it('a key name: 1 to 60 characters after trimming, with its message', () => {
    expect(ApiKeyBody.parse({ name: '  Shop till ' })).toEqual({
      name: 'Shop till',
      rate_limit: RESELLER_LIMITS.defaultPerMinute,
    });
    expect(ApiKeyBody.safeParse({ name: 'x'.repeat(60) }).success).toBe(true);
    for (const name of ['', '   ', 'x'.repeat(61), 'x'.repeat(60_000), 42, undefined]) {
      expect(issue(ApiKeyBody.safeParse({ name })), String(name)).toBe(RESELLER_MSG.keyName);
    }
  });

  it('a rate limit: a whole number from 1 to 600 a minute', () => {
    for (const rate_limit of [1, 600]) {
      expect(ApiKeyBody.safeParse({ name: 'k', rate_limit }).success).toBe(true);
    }
    for (const rate_limit of [0, 601, 1.5, Number.NaN, '60']) {
      expect(issue(ApiKeyBody.safeParse({ name: 'k', rate_limit }))).toBe(RESELLER_MSG.keyRate);
    }
  });

  it('a webhook address: http(s), at most 500 characters; empty removes it', () => {
    expect(WebhookBody.safeParse({ url: '' }).success).toBe(true);
    expect(WebhookBody.safeParse({ url: 'https://shop.example.com/h' }).success).toBe(true);
    const long = `https://a.example.com/${'x'.repeat(RESELLER_LIMITS.url)}`;
    for (const url of ['shop.example.com', 'ftp://x.example.com', 'https://a b', long]) {
      expect(issue(WebhookBody.safeParse({ url })), url.slice(0, 30)).toBe(RESELLER_MSG.webhookUrl);
    }
  });

  it('the requery takes exactly one of id and request_id (at most 128 characters)', () => {
    expect(RequeryQuery.safeParse({ id: 'abc' }).success).toBe(true);
    expect(RequeryQuery.safeParse({ request_id: 'r'.repeat(128) }).success).toBe(true);
    for (const query of [{}, { id: 'a', request_id: 'b' }, { request_id: 'r'.repeat(129) }]) {
      expect(issue(RequeryQuery.safeParse(query))).toBe(RESELLER_MSG.requeryBy);
    }
  });
});

describe('the OpenAPI document', () => {
  const doc = openApiDocument();
  const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method, op: op as Operation })),
  );

  it('has one operation per contract endpoint, on its method and path', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(operations).toHaveLength(allEndpoints.length);
    for (const e of allEndpoints) {
      const path = e.path.replace(/:([A-Za-z_]+)/g, '{$1}');
      const op = doc.paths[path]?.[e.method.toLowerCase()] as Operation | undefined;
      expect(op?.summary, `${e.method} ${e.path}`).toBe(e.summary);
      expect(Object.keys(op!.responses).map(Number).sort()).toEqual([200, ...e.errors].sort());
    }
  });

  it('declares every path parameter, and the key on exactly the reseller endpoints', () => {
    const keyed = operations.filter(({ op }) =>
      (op.security as object[]).some((s) => 'apiKey' in s),
    );
    expect(keyed.map(({ op }) => op.operationId).sort()).toEqual([...API_KEY_ENDPOINTS].sort());
    for (const { path, op } of operations) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const declared = (op.parameters as { in: string; name: string }[])
        .filter((p) => p.in === 'path')
        .map((p) => p.name);
      expect(declared, path).toEqual(inPath);
    }
  });

  it('describes money in naira on the wire and every string with its maximum length', () => {
    const airtime = doc.paths['/api/transactions/airtime']!.post as Operation;
    const body = airtime.requestBody.content['application/json'].schema;
    expect(body.properties.amount.type).toBe('number');
    expect(body.properties.pin).toEqual({ type: 'string', maxLength: 6 });
    expect(body.required).toEqual(expect.arrayContaining(['pin', 'phone_number', 'amount']));
  });
});
