import { api, endpoint, FALLBACK, message, MSG, Naira, SERVER_MSG } from '@contract';
import { delay, http, HttpResponse } from 'msw';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { request, setSessionRefresher } from './api-client';
import { ApiError, errorMessage } from './api-error';
import { clearSession, getSession, saveTokens } from './session';
import { signedInApi, TEST_BASE, wireUser } from './test-helpers';

const server = signedInApi();
const url = (path: string) => `${TEST_BASE}${path}`;

/** A protected call with a money body and a money answer, built like the contract's own. */
const pay = endpoint({
  name: 'test.pay',
  method: 'POST',
  path: '/api/test/pay',
  access: 'user',
  summary: 'test only',
  body: z.object({ amount: Naira, note: z.string() }),
  response: message(Naira),
});

const UUID = /^[0-9a-f-]{36}$/;

describe('headers', () => {
  it('sends the Bearer token and a fresh X-Request-Id on every call', async () => {
    const seen: Headers[] = [];
    server.use(
      http.get(url('/api/user'), ({ request: req }) => {
        seen.push(req.headers);
        return HttpResponse.json({ message: wireUser });
      }),
    );
    await request(api.currentUser);
    await request(api.currentUser);
    expect(seen.map((h) => h.get('authorization'))).toEqual(['Bearer jwt-1', 'Bearer jwt-1']);
    const [a, b] = seen.map((h) => h.get('x-request-id'));
    expect(a).toMatch(UUID);
    expect(b).toMatch(UUID);
    expect(a).not.toBe(b);
  });

  it('uses the given requestId, sends JSON with a body, and no token to public calls', async () => {
    let headers: Headers | undefined;
    server.use(
      http.post(url('/api/auth/login'), ({ request: req }) => {
        headers = req.headers;
        return HttpResponse.json({ JWTtoken: 'j', refresh_token: 'r' });
      }),
    );
    await request(api.login, {
      body: { username: 'ada@example.com', password: 'secret123' },
      requestId: 'fixed-id',
    });
    expect(headers?.get('x-request-id')).toBe('fixed-id');
    expect(headers?.get('content-type')).toBe('application/json');
    expect(headers?.get('authorization')).toBeNull();
  });

  it('logout sends X-Refresh-Token', async () => {
    let headers: Headers | undefined;
    server.use(
      http.post(url('/api/auth/logout'), ({ request: req }) => {
        headers = req.headers;
        return HttpResponse.json({ message: SERVER_MSG.loggedOut });
      }),
    );
    await request(api.logout);
    expect(headers?.get('x-refresh-token')).toBe('rt-1');
    expect(headers?.get('authorization')).toBe('Bearer jwt-1');
  });
});

describe('money and shapes', () => {
  it('sends money as naira and decodes answers to kobo', async () => {
    let body: unknown;
    server.use(
      http.post(url('/api/test/pay'), async ({ request: req }) => {
        body = await req.json();
        return HttpResponse.json({ message: 98765.43 });
      }),
    );
    const answer = await request(pay, { body: { amount: 123450, note: 'x' } });
    expect(body).toEqual({ amount: 1234.5, note: 'x' });
    expect(answer).toEqual({ message: 9876543 });
  });

  it('decodes contract money fields: GET /api/user wallet_balance 1234.5 → 123450 kobo', async () => {
    server.use(http.get(url('/api/user'), () => HttpResponse.json({ message: wireUser })));
    const { message: user } = await request(api.currentUser);
    expect(user.wallet_balance).toBe(123450);
  });

  // Contract gap: `wholeNaira` (rules.ts) is a one-way transform, so z.encode cannot turn a
  // kobo body back into naira. Turn this into `it` once it is a z.codec (see the report).
  it('encodes a real money body: api.share sends 1500 naira for 150000 kobo', async () => {
    let body: unknown;
    server.use(
      http.post(url('/api/transactions/share'), async ({ request: req }) => {
        body = await req.json();
        return HttpResponse.json({ message: 0 });
      }),
    );
    await request(api.share, {
      body: { amount: 150_000, email: 'bola@example.com', pin: '123456' },
    });
    expect(body).toEqual({ amount: 1500, email: 'bola@example.com', pin: '123456' });
  });

  it('fills path params and encodes the query', async () => {
    let seen = '';
    server.use(
      http.get(url('/api/user/all'), ({ request: req }) => {
        seen = new URL(req.url).search;
        return HttpResponse.json({ message: [], page: 2, pages: 2, total: 6 });
      }),
      http.delete(url('/api/transactions/delete/:id'), ({ params }) =>
        HttpResponse.json({ message: `deleted ${String(params.id)}` }),
      ),
    );
    await request(api.users, { query: { page: 2, limit: 5, q: 'ada@example.com' } });
    expect(seen).toBe('?page=2&limit=5&q=ada%40example.com');
    const done = await request(api.deleteTransaction, { params: { id: 'tx 1' } });
    expect(done.message).toBe('deleted tx 1');
  });

  it('an answer that does not match the contract is a bad_response', async () => {
    server.use(http.get(url('/api/user'), () => HttpResponse.json({ message: { id: 1 } })));
    const error = await request(api.currentUser).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, type: 'bad_response', msg: '' });
    expect(errorMessage(error, FALLBACK.generic)).toBe(FALLBACK.generic);
  });
});

describe('errors (spec §8)', () => {
  it('{ type, msg } becomes an ApiError whose msg the screen shows', async () => {
    server.use(
      http.post(url('/api/test/pay'), () =>
        HttpResponse.json({ type: 'wrong_pin', msg: SERVER_MSG.wrongPin }, { status: 422 }),
      ),
    );
    const error = await request(pay, { body: { amount: 100, note: '' } }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 422,
      type: 'wrong_pin',
      msg: SERVER_MSG.wrongPin,
      isAborted: false,
    });
    expect(errorMessage(error, FALLBACK.purchase)).toBe(SERVER_MSG.wrongPin);
    expect(getSession().tokens).not.toBeNull();
  });

  it('falls back word for word when the server sent no msg', async () => {
    server.use(
      http.post(
        url('/api/test/pay'),
        () => new HttpResponse('<html>Bad gateway</html>', { status: 502 }),
      ),
    );
    const error = await request(pay, { body: { amount: 100, note: '' } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, type: 'bad_response' });
    expect(errorMessage(error, FALLBACK.purchase)).toBe(
      'Oops!! a problem occured while trying to connect.',
    );
  });

  it('a network failure is status 0, type network, empty msg → the fallback', async () => {
    server.use(http.post(url('/api/test/pay'), () => HttpResponse.error()));
    const error = await request(pay, { body: { amount: 100, note: '' } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, type: 'network', msg: '' });
    expect(errorMessage(error, FALLBACK.resetPin)).toBe(
      'Oops!! a problem occured while trying to reset your secret pin.',
    );
  });

  it('401 on a protected call clears the session silently', async () => {
    server.use(
      http.get(url('/api/user'), () =>
        HttpResponse.json({ type: 'unauthorized', msg: SERVER_MSG.unauthorized }, { status: 401 }),
      ),
    );
    const error = await request(api.currentUser).catch((e: unknown) => e);
    expect(getSession()).toMatchObject({ tokens: null, notice: '' });
    expect(error).toMatchObject({ status: 401, session: 'cleared' });
    expect(errorMessage(error, FALLBACK.generic)).toBe('');
  });

  it('401 from login (public) shows its msg and touches no session', async () => {
    clearSession();
    server.use(
      http.post(url('/api/auth/login'), () =>
        HttpResponse.json(
          { type: 'unauthorized', msg: SERVER_MSG.invalidCredentials },
          { status: 401 },
        ),
      ),
    );
    const error = await request(api.login, {
      body: { username: 'ada@example.com', password: 'nope' },
    }).catch((e: unknown) => e);
    expect(errorMessage(error, FALLBACK.auth)).toBe(SERVER_MSG.invalidCredentials);
  });

  it('403 token_expired clears the session with the exact expiry notice', async () => {
    server.use(
      http.get(url('/api/user'), () =>
        HttpResponse.json({ type: 'token_expired', msg: 'Token expired.' }, { status: 403 }),
      ),
    );
    const error = await request(api.currentUser).catch((e: unknown) => e);
    expect(getSession()).toMatchObject({
      tokens: null,
      notice: 'Your session has expired, please login again.',
    });
    expect(getSession().notice).toBe(MSG.sessionExpired);
    expect(errorMessage(error, FALLBACK.generic)).toBe(MSG.sessionExpired);
  });

  it.each([
    ['forbidden', SERVER_MSG.forbidden],
    ['email_not_verified', SERVER_MSG.emailNotVerified],
  ])('403 %s keeps the session and shows its msg', async (type, msg) => {
    server.use(
      http.post(url('/api/test/pay'), () => HttpResponse.json({ type, msg }, { status: 403 })),
    );
    const error = await request(pay, { body: { amount: 100, note: '' } }).catch((e: unknown) => e);
    expect(getSession().tokens).toEqual({ JWTtoken: 'jwt-1', refresh_token: 'rt-1' });
    expect(errorMessage(error, FALLBACK.purchase)).toBe(msg);
  });

  it('403 token_expired with the timers running: renews once, retries with the same request id', async () => {
    const seen: { auth: string | null; id: string | null }[] = [];
    server.use(
      http.post(url('/api/test/pay'), ({ request: req }) => {
        seen.push({ auth: req.headers.get('authorization'), id: req.headers.get('x-request-id') });
        return req.headers.get('authorization') === 'Bearer jwt-2'
          ? HttpResponse.json({ message: 5 })
          : HttpResponse.json({ type: 'token_expired', msg: 'Token expired.' }, { status: 403 });
      }),
    );
    setSessionRefresher(async () => {
      saveTokens({ JWTtoken: 'jwt-2', refresh_token: 'rt-2' });
      return true;
    });
    await expect(request(pay, { body: { amount: 100, note: '' } })).resolves.toEqual({
      message: 500,
    });
    expect(seen.map((s) => s.auth)).toEqual(['Bearer jwt-1', 'Bearer jwt-2']);
    expect(seen[0]?.id).toBe(seen[1]?.id);
    expect(getSession().tokens?.JWTtoken).toBe('jwt-2');
  });

  it('403 token_expired when renewal fails: cleared with the expiry notice', async () => {
    server.use(
      http.get(url('/api/user'), () =>
        HttpResponse.json({ type: 'token_expired', msg: 'Token expired.' }, { status: 403 }),
      ),
    );
    setSessionRefresher(async () => {
      clearSession();
      return false;
    });
    const error = await request(api.currentUser).catch((e: unknown) => e);
    expect(getSession()).toMatchObject({ tokens: null, notice: MSG.sessionExpired });
    expect(errorMessage(error, FALLBACK.generic)).toBe(MSG.sessionExpired);
  });
});

describe('identical in-flight calls (spec §7)', () => {
  it('aborts the earlier one in favour of the latest', async () => {
    let calls = 0;
    server.use(
      http.post(url('/api/test/pay'), async () => {
        calls += 1;
        await delay(30);
        return HttpResponse.json({ message: calls });
      }),
    );
    const first = request(pay, { body: { amount: 100, note: 'same' } });
    const second = request(pay, { body: { amount: 100, note: 'same' } });
    const error = await first.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isAborted).toBe(true);
    expect(errorMessage(error, FALLBACK.purchase)).toBe('');
    await expect(second).resolves.toEqual({ message: 200 });
  });

  it('lets calls with different bodies run side by side', async () => {
    server.use(
      http.post(url('/api/test/pay'), async ({ request: req }) => {
        await delay(20);
        const body = (await req.json()) as { amount: number };
        return HttpResponse.json({ message: body.amount });
      }),
    );
    const results = await Promise.all([
      request(pay, { body: { amount: 100, note: 'a' } }),
      request(pay, { body: { amount: 200, note: 'a' } }),
    ]);
    expect(results).toEqual([{ message: 100 }, { message: 200 }]);
  });

  it("the caller's own signal aborts its call", async () => {
    server.use(
      http.get(url('/api/user'), async () => {
        await delay(50);
        return HttpResponse.json({ message: wireUser });
      }),
    );
    const controller = new AbortController();
    const pending = request(api.currentUser, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ type: 'aborted', isAborted: true });
  });
});
