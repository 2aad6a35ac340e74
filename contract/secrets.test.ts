/**
 * SECRET_FIELDS is the one list of secret request fields (ADR 0034): every body
 * field of every endpoint whose name looks secret is on it, so that a field added later cannot
 * slip into a retry record's fingerprint unnoticed.
 */
import { describe, expect, it } from 'vitest';
import { z } from './zod';
import { allEndpoints } from './endpoint-map';
import { SECRET_FIELDS } from './secrets';

/** Names that look like a credential or personal secret. */
const LOOKS_SECRET = /pin|pass|bvn|nin\b|token|secret|otp|cvv|card/i;
/** Names that match the pattern and are not secrets, with why. */
const NOT_SECRET: Record<string, string> = {
  smart_card_number: "a decoder's account number, printed on it and sent to the provider",
};

interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** Every property name in a JSON Schema, at any depth. */
function fieldNames(json: JsonSchema, into = new Set<string>()): Set<string> {
  for (const [name, child] of Object.entries(json.properties ?? {})) {
    into.add(name);
    fieldNames(child, into);
  }
  for (const child of [json.items, ...(json.anyOf ?? []), ...(json.oneOf ?? [])]) {
    if (child) fieldNames(child, into);
  }
  for (const child of json.allOf ?? []) fieldNames(child, into);
  return into;
}

const bodyFields = allEndpoints.flatMap((e) =>
  [
    ...fieldNames(z.toJSONSchema(e.body, { io: 'input', unrepresentable: 'any' }) as JsonSchema),
  ].map((field) => ({ endpoint: e.name, field })),
);

describe('secret request fields', () => {
  it('finds the fields of the bodies (the walk works)', () => {
    const names = new Set(bodyFields.map((f) => f.field));
    for (const known of ['pin', 'bvn', 'old_password', 'refresh_token', 'amount']) {
      expect(names).toContain(known);
    }
  });

  it('lists every body field whose name looks secret', () => {
    const listed = new Set<string>(SECRET_FIELDS);
    const missing = bodyFields.filter(
      ({ field }) => LOOKS_SECRET.test(field) && !listed.has(field) && !(field in NOT_SECRET),
    );
    expect(missing).toEqual([]);
  });
});
