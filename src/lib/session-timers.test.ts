import { api, TIMERS } from '@contract';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from './api-client';
import { getSession, saveTokens, setSessionStorage, type SessionState } from './session';
import {
  isUserLoadReady,
  logout,
  nextRefreshDelay,
  REFRESH_RETRY,
  refreshSession,
  startSessionTimers,
  stopSessionTimers,
} from './session-timers';
import { fakeJwt, memoryStorage, TEST_BASE } from './test-helpers';

const server = setupServer();
const REFRESH_URL = `${TEST_BASE}/api/auth/refresh`;
const T0 = Date.UTC(2025, 0, 1, 9, 0, 0);
const LIFETIME_S = 900; // decisions §7: 15-minute access token
const DUE_MS = LIFETIME_S * 1000 - TIMERS.sessionRefreshMargin; // 850 000

/** The server's refresh: records what it got, answers a rotated pair issued "now". */
function rotatingRefresh(sent: string[]) {
  return http.post(REFRESH_URL, async ({ request }) => {
    const { refresh_token } = (await request.json()) as { refresh_token: string };
    sent.push(refresh_token);
    return HttpResponse.json({
      JWTtoken: fakeJwt(Date.now(), LIFETIME_S),
      refresh_token: `rt-${sent.length + 1}`,
    });
  });
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(T0);
  vi.stubEnv('VITE_API_BASE', TEST_BASE);
  setSessionStorage(memoryStorage());
});
afterEach(() => {
  stopSessionTimers();
  server.resetHandlers();
  vi.unstubAllEnvs();
  vi.useRealTimers();
});
afterAll(() => server.close());

describe('nextRefreshDelay', () => {
  const state = (savedAt: number): SessionState => ({
    tokens: { JWTtoken: fakeJwt(T0, LIFETIME_S), refresh_token: 'rt' },
    savedAt,
    notice: '',
  });

  it('is lifetime − 50 s right after login', () => {
    expect(nextRefreshDelay(state(T0), T0)).toBe(850_000);
  });

  it('after a reload, is what is left of it', () => {
    expect(nextRefreshDelay(state(T0), T0 + 600_000)).toBe(250_000);
    expect(nextRefreshDelay(state(T0), T0 + 900_000)).toBe(0);
  });

  it('is null when signed out or the token is unreadable', () => {
    expect(nextRefreshDelay({ tokens: null, savedAt: 0, notice: '' }, T0)).toBeNull();
    expect(
      nextRefreshDelay(
        { tokens: { JWTtoken: 'opaque', refresh_token: 'rt' }, savedAt: T0, notice: '' },
        T0,
      ),
    ).toBeNull();
  });
});

describe('refresh timer', () => {
  it('fires at lifetime − 50 s, sends the refresh token, stores the rotated pair, and reschedules', async () => {
    const sent: string[] = [];
    server.use(rotatingRefresh(sent));
    saveTokens({ JWTtoken: fakeJwt(T0, LIFETIME_S), refresh_token: 'rt-1' });
    startSessionTimers();

    await vi.advanceTimersByTimeAsync(DUE_MS - 1);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(getSession().tokens?.refresh_token).toBe('rt-2'));
    expect(sent).toEqual(['rt-1']);
    expect(getSession().tokens?.JWTtoken).toBe(fakeJwt(T0 + DUE_MS, LIFETIME_S));

    // The new pair gets its own timer, a whole lifetime − 50 s after it was saved.
    const savedAt = getSession().savedAt;
    await vi.advanceTimersByTimeAsync(savedAt + DUE_MS - 1 - Date.now());
    expect(sent).toEqual(['rt-1']);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(getSession().tokens?.refresh_token).toBe('rt-3'));
    expect(sent).toEqual(['rt-1', 'rt-2']);
  });

  it('a login after start schedules the refresh too', async () => {
    const sent: string[] = [];
    server.use(rotatingRefresh(sent));
    startSessionTimers();
    saveTokens({ JWTtoken: fakeJwt(T0, LIFETIME_S), refresh_token: 'rt-1' });
    await vi.advanceTimersByTimeAsync(DUE_MS);
    await vi.waitFor(() => expect(sent).toEqual(['rt-1']));
  });

  it('a refused refresh clears the session silently', async () => {
    server.use(
      http.post(REFRESH_URL, () =>
        HttpResponse.json(
          { type: 'unauthorized', msg: 'Please login to continue.' },
          { status: 401 },
        ),
      ),
    );
    saveTokens({ JWTtoken: fakeJwt(T0, LIFETIME_S), refresh_token: 'rt-1' });
    startSessionTimers();
    await vi.advanceTimersByTimeAsync(DUE_MS);
    await vi.waitFor(() => expect(getSession()).toMatchObject({ tokens: null, notice: '' }));
  });

  it('no answer: retries 3 times 15 s apart, then clears silently', async () => {
    let calls = 0;
    server.use(
      http.post(REFRESH_URL, () => {
        calls += 1;
        return HttpResponse.error();
      }),
    );
    saveTokens({ JWTtoken: fakeJwt(T0, LIFETIME_S), refresh_token: 'rt-1' });
    startSessionTimers();
    await vi.advanceTimersByTimeAsync(DUE_MS);
    await vi.waitFor(() => expect(calls).toBe(1));
    for (let retry = 1; retry <= REFRESH_RETRY.attempts; retry++) {
      await vi.advanceTimersByTimeAsync(REFRESH_RETRY.delayMs);
      await vi.waitFor(() => expect(calls).toBe(1 + retry));
    }
    expect(REFRESH_RETRY.attempts * REFRESH_RETRY.delayMs).toBeLessThan(
      TIMERS.sessionRefreshMargin,
    );
    await vi.waitFor(() => expect(getSession()).toMatchObject({ tokens: null, notice: '' }));
  });

  it('concurrent refreshes share one call (a refresh token is single use)', async () => {
    const sent: string[] = [];
    server.use(rotatingRefresh(sent));
    saveTokens({ JWTtoken: fakeJwt(T0, LIFETIME_S), refresh_token: 'rt-1' });
    const outcomes = await Promise.all([refreshSession(), refreshSession()]);
    expect(outcomes).toEqual(['refreshed', 'refreshed']);
    expect(sent).toEqual(['rt-1']);
  });

  it('stopSessionTimers cancels the refresh', async () => {
    const sent: string[] = [];
    server.use(rotatingRefresh(sent));
    saveTokens({ JWTtoken: fakeJwt(T0, LIFETIME_S), refresh_token: 'rt-1' });
    startSessionTimers();
    stopSessionTimers();
    await vi.advanceTimersByTimeAsync(DUE_MS * 2);
    expect(sent).toEqual([]);
  });
});

describe('expired access token while the timers run', () => {
  it('a 403 token_expired renews the pair and the call succeeds with the new token', async () => {
    const sent: string[] = [];
    server.use(
      rotatingRefresh(sent),
      http.get(`${TEST_BASE}/api/user/vtwallet`, ({ request }) =>
        request.headers.get('authorization') === 'Bearer old'
          ? HttpResponse.json({ type: 'token_expired', msg: 'Token expired.' }, { status: 403 })
          : HttpResponse.json({ message: 12.5 }),
      ),
    );
    saveTokens({ JWTtoken: 'old', refresh_token: 'rt-1' }); // e.g. a phone waking after 20 minutes
    startSessionTimers();
    await expect(request(api.vtBalance)).resolves.toEqual({ message: 1250 });
    expect(sent).toEqual(['rt-1']);
    expect(getSession()).toMatchObject({ tokens: { refresh_token: 'rt-2' }, notice: '' });
  });
});

describe('user load on start (spec §4: 1 s)', () => {
  it('waits TIMERS.userLoadDelay when tokens exist', async () => {
    saveTokens({ JWTtoken: fakeJwt(T0, LIFETIME_S), refresh_token: 'rt-1' });
    startSessionTimers();
    expect(isUserLoadReady()).toBe(false);
    await vi.advanceTimersByTimeAsync(TIMERS.userLoadDelay - 1);
    expect(isUserLoadReady()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(isUserLoadReady()).toBe(true);
  });

  it('does not wait without tokens (a later login loads at once)', () => {
    startSessionTimers();
    expect(isUserLoadReady()).toBe(true);
  });
});

describe('logout', () => {
  it('clears the session at once and revokes with both tokens', async () => {
    let headers: Headers | undefined;
    server.use(
      http.post(`${TEST_BASE}/api/auth/logout`, ({ request }) => {
        headers = request.headers;
        return HttpResponse.json({ message: 'Logged out.' });
      }),
    );
    saveTokens({ JWTtoken: 'jwt-1', refresh_token: 'rt-1' });
    const done = logout();
    expect(getSession()).toMatchObject({ tokens: null, notice: '' });
    await done;
    expect(headers?.get('authorization')).toBe('Bearer jwt-1');
    expect(headers?.get('x-refresh-token')).toBe('rt-1');
  });
});
