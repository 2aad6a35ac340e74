import { expect, it } from 'vitest';
import { newRequestId } from './request-id';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

it('is a fresh v4 UUID each time', () => {
  const a = newRequestId();
  expect(a).toMatch(UUID_V4);
  expect(newRequestId()).not.toBe(a);
});

it('still makes a v4 UUID where randomUUID is missing (plain http)', () => {
  const own = Object.getOwnPropertyDescriptor(crypto, 'randomUUID');
  Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
  try {
    const id = newRequestId();
    expect(id).toMatch(UUID_V4);
    expect(newRequestId()).not.toBe(id);
  } finally {
    if (own) Object.defineProperty(crypto, 'randomUUID', own);
    else delete (crypto as { randomUUID?: unknown }).randomUUID;
  }
  expect(typeof crypto.randomUUID).toBe('function');
});
