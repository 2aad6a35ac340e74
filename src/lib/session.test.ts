import { MSG, TIMERS } from '@contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  clearSessionNotice,
  decodeToken,
  getSession,
  refreshDelayMs,
  saveTokens,
  setSessionStorage,
  subscribeSession,
} from './session';
import { fakeJwt, memoryStorage } from './test-helpers';

let storage: ReturnType<typeof memoryStorage>;

beforeEach(() => {
  storage = memoryStorage();
  setSessionStorage(storage);
  clearSession();
});

describe('session store', () => {
  it('saves the pair under the spec names (spec §3) and reads it back after a reload', () => {
    saveTokens({ JWTtoken: 'jwt-1', refresh_token: 'rt-1' }, 1_000);
    expect(storage.data.get('JWTtoken')).toBe('jwt-1');
    expect(storage.data.get('refresh_token')).toBe('rt-1');
    expect(getSession()).toEqual({
      tokens: { JWTtoken: 'jwt-1', refresh_token: 'rt-1' },
      savedAt: 1_000,
      notice: '',
    });

    setSessionStorage(storage); // a page reload reads storage again
    expect(getSession().tokens).toEqual({ JWTtoken: 'jwt-1', refresh_token: 'rt-1' });
    expect(getSession().savedAt).toBe(1_000);
  });

  it('clearSession removes the pair and keeps the notice for the login screen', () => {
    saveTokens({ JWTtoken: 'jwt-1', refresh_token: 'rt-1' });
    clearSession(MSG.sessionExpired);
    expect(storage.data.size).toBe(0);
    expect(getSession()).toEqual({ tokens: null, savedAt: 0, notice: MSG.sessionExpired });
    clearSessionNotice();
    expect(getSession().notice).toBe('');
  });

  it('a new login clears the notice', () => {
    clearSession(MSG.sessionExpired);
    saveTokens({ JWTtoken: 'jwt-2', refresh_token: 'rt-2' });
    expect(getSession().notice).toBe('');
  });

  it('notifies subscribers on change only, with a stable snapshot in between', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    const before = getSession();
    clearSession(); // already signed out: nothing changes
    expect(listener).not.toHaveBeenCalled();
    expect(getSession()).toBe(before);

    saveTokens({ JWTtoken: 'jwt-1', refresh_token: 'rt-1' });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    clearSession();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('token timing', () => {
  it('decodeToken reads iat and exp from a base64url payload', () => {
    const jwt = fakeJwt(1_700_000_000_000, 900, { name: 'Ṣadé ÀÌ' }); // UTF-8 and url-safe chars
    expect(decodeToken(jwt)).toEqual({ iat: 1_700_000_000, exp: 1_700_000_900 });
  });

  it('decodeToken is null for anything that is not a readable JWT', () => {
    expect(decodeToken('')).toBeNull();
    expect(decodeToken('opaque-token')).toBeNull();
    expect(decodeToken('a.!!!.c')).toBeNull();
    expect(decodeToken(`a.${Buffer.from('{"iat":"x"}').toString('base64url')}.c`)).toBeNull();
  });

  it('refreshDelayMs = lifetime − 50 s (spec §4, §9)', () => {
    expect(TIMERS.sessionRefreshMargin).toBe(50_000);
    expect(refreshDelayMs(fakeJwt(Date.now(), 900))).toBe(850_000);
    expect(refreshDelayMs(fakeJwt(0, 3600))).toBe(3_550_000);
  });

  it('refreshDelayMs is never negative, and null for an unreadable token', () => {
    expect(refreshDelayMs(fakeJwt(0, 30))).toBe(0);
    expect(refreshDelayMs('opaque-token')).toBeNull();
  });
});
