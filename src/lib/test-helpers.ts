/**
 * Helpers for tests in src/ only (never imported by app code): JWTs with chosen claims, a
 * storage stub, a base URL for Node's fetch, and the wire form of a user.
 */
import { http, HttpResponse } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import * as api from '@contract/api';
import { createElement, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { setSessionRefresher } from './api-client';
import { clearSession, saveTokens, setSessionStorage, type KeyValueStorage } from './session';
import { swrConfig } from './swr';

/** Where tests send calls: Node's fetch needs an absolute URL. */
export const TEST_BASE = 'http://api.test';

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** An unsigned JWT with `iat` = `issuedAtMs` and a lifetime of `lifetimeS` seconds. */
export function fakeJwt(
  issuedAtMs: number,
  lifetimeS = 900,
  extra: Record<string, unknown> = {},
): string {
  const iat = Math.floor(issuedAtMs / 1000);
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ sub: 'u1', iat, exp: iat + lifetimeS, ...extra })}.sig`;
}

/** A Map-backed localStorage stand-in whose contents tests can inspect. */
export function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

/** `GET /api/user` as the server sends it: money in naira. */
export const wireUser = {
  id: 'u1',
  name: 'Ada Obi',
  email: 'ada@example.com',
  phone: '08031234567',
  wallet_balance: 1234.5,
  isAdmin: false,
  has_created_secret_pin: true,
  email_verified: true,
  referral_code: 'ADA1',
  status: 'online',
  last_login: 1_700_000_000_000,
  isBlocked: false,
  created_on: 1_690_000_000_000,
  transactions: [],
  coupons: [],
  transactions_count: 0,
  successful_total: 0,
};

/**
 * An MSW server for the calls of one test file, with a signed-in session in a memory store
 * before each test and everything reset after it. Call at the top of the file.
 */
export function signedInApi(): SetupServer {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    vi.stubEnv('VITE_API_BASE', TEST_BASE);
    setSessionStorage(memoryStorage());
    saveTokens({ JWTtoken: 'jwt-1', refresh_token: 'rt-1' });
  });
  afterEach(() => {
    server.resetHandlers();
    setSessionRefresher(null);
    clearSession();
    vi.unstubAllEnvs();
  });
  afterAll(() => server.close());
  return server;
}

/** A fresh SWR cache per render, no retry timers left behind: for `renderHook`'s wrapper. */
export function freshSwr({ children }: { children: ReactNode }) {
  return createElement(
    SWRConfig,
    {
      value: {
        ...swrConfig,
        provider: () => new Map(),
        shouldRetryOnError: false,
        dedupingInterval: 0,
      },
    },
    children,
  );
}

/** The catalogue's public lists (spec §7: "all run on app load"), by path. */
export const CATALOGUE_LISTS = [
  api.networks,
  api.dataProducts,
  api.cableProducts,
  api.electricityProducts,
  api.educationProducts,
].map((endpoint) => endpoint.path);

/** Answers every catalogue list with an empty one; the array fills with the paths asked for. */
export function recordCatalogueLists(server: SetupServer): string[] {
  const asked: string[] = [];
  server.use(
    ...CATALOGUE_LISTS.map((path) =>
      http.get(`${TEST_BASE}${path}`, () => {
        asked.push(path);
        return HttpResponse.json({ message: [] });
      }),
    ),
  );
  return asked;
}
