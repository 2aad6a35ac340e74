import { useSyncExternalStore } from 'react';
import { TIMERS } from '@contract/timers';

/**
 * The signed-in session (spec §3 "Auth session", §4 "Session"): the token pair kept in
 * localStorage under the spec's names, plus the notice the login screen shows after an
 * expiry. A tiny external store: read it with `useSession()` in components and `getSession()`
 * elsewhere; change it only with `saveTokens` and `clearSession`.
 */

/** The pair `POST /api/auth/login` and `/api/auth/refresh` answer. */
export interface SessionTokens {
  JWTtoken: string;
  refresh_token: string;
}

export interface SessionState {
  /** The saved pair, or null when signed out. */
  readonly tokens: SessionTokens | null;
  /**
   * When this browser saved the pair (its own clock, epoch ms), so a reload schedules the
   * refresh for the time left, not a whole lifetime. 0 when unknown or signed out.
   */
  readonly savedAt: number;
  /** Why the last session ended, for the login screen: MSG.sessionExpired, or '' (silent). */
  readonly notice: string;
}

/** What the store needs from `localStorage`; tests may pass their own. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** localStorage keys: the spec's names for the pair (spec §3). */
export const SESSION_KEYS = {
  token: 'JWTtoken',
  refreshToken: 'refresh_token',
  savedAt: 'token_saved_at',
} as const;

function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

function browserStorage(): KeyValueStorage {
  try {
    // Throws where storage is blocked (some private modes, sandboxed frames); absent in Node.
    if (typeof localStorage !== 'undefined' && localStorage) {
      localStorage.getItem(SESSION_KEYS.token);
      return localStorage;
    }
  } catch {
    // fall through: the session then lasts as long as the tab
  }
  return memoryStorage();
}

let storage: KeyValueStorage = browserStorage();
let state: SessionState = read();
const listeners = new Set<() => void>();

function read(): SessionState {
  const token = storage.getItem(SESSION_KEYS.token);
  const refresh = storage.getItem(SESSION_KEYS.refreshToken);
  if (!token || !refresh) return { tokens: null, savedAt: 0, notice: '' };
  const savedAt = Number(storage.getItem(SESSION_KEYS.savedAt));
  return {
    tokens: { JWTtoken: token, refresh_token: refresh },
    savedAt: Number.isFinite(savedAt) && savedAt > 0 ? savedAt : 0,
    notice: '',
  };
}

function write(fn: () => void): void {
  try {
    fn();
  } catch {
    // Quota or blocked storage: the in-memory state below still holds the session.
  }
}

function set(next: SessionState): void {
  if (
    next.tokens?.JWTtoken === state.tokens?.JWTtoken &&
    next.tokens?.refresh_token === state.tokens?.refresh_token &&
    next.savedAt === state.savedAt &&
    next.notice === state.notice
  ) {
    return;
  }
  state = next;
  for (const listener of [...listeners]) listener();
}

/** The current state; the same object until it changes (a useSyncExternalStore snapshot). */
export function getSession(): SessionState {
  return state;
}

/** Calls `listener` after every change; returns the unsubscribe function. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1 && typeof window !== 'undefined') {
    window.addEventListener('storage', onStorage);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') {
      window.removeEventListener('storage', onStorage);
    }
  };
}

// Another tab signed in, refreshed or signed out: follow it.
function onStorage(event: StorageEvent): void {
  if (event.key === null || Object.values<string>(SESSION_KEYS).includes(event.key)) {
    syncSessionFromStorage();
  }
}

/** Re-reads storage (another tab may have rotated or cleared the pair). Keeps the notice. */
export function syncSessionFromStorage(): void {
  const fresh = read();
  set(fresh.tokens ? fresh : { ...fresh, notice: state.notice });
}

/** The session for components; re-renders on login, refresh and logout. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** Signs in (login) or rotates (refresh) the pair. Clears any notice. */
export function saveTokens(tokens: SessionTokens, now: number = Date.now()): void {
  write(() => {
    storage.setItem(SESSION_KEYS.token, tokens.JWTtoken);
    storage.setItem(SESSION_KEYS.refreshToken, tokens.refresh_token);
    storage.setItem(SESSION_KEYS.savedAt, String(now));
  });
  set({
    tokens: { JWTtoken: tokens.JWTtoken, refresh_token: tokens.refresh_token },
    savedAt: now,
    notice: '',
  });
}

/**
 * Signs out: removes the pair. `notice` is what the login screen shows, MSG.sessionExpired
 * after an expiry (spec §4); '' (the default) for a silent clear (401, logout).
 */
export function clearSession(notice = ''): void {
  write(() => {
    for (const key of Object.values(SESSION_KEYS)) storage.removeItem(key);
  });
  set({ tokens: null, savedAt: 0, notice });
}

/** The login screen calls this once it has shown the notice. */
export function clearSessionNotice(): void {
  set({ ...state, notice: '' });
}

/** Swaps the storage (tests, or a non-browser host) and reloads the state from it. */
export function setSessionStorage(next: KeyValueStorage): void {
  storage = next;
  set(read());
}

// ── Access token claims ───────────────────────────────────────────────────────

export interface TokenClaims {
  /** Issued at, epoch seconds. */
  iat: number;
  /** Expires at, epoch seconds. */
  exp: number;
}

/**
 * Reads `iat` and `exp` from a JWT's payload (base64url JSON). No signature check: the
 * browser only needs the timing, the server verifies. Null when it is not a readable JWT.
 */
export function decodeToken(jwt: string): TokenClaims | null {
  const payload = jwt.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const json: unknown = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))),
    );
    if (typeof json !== 'object' || json === null) return null;
    const { iat, exp } = json as Record<string, unknown>;
    if (typeof iat !== 'number' || typeof exp !== 'number' || !(exp > iat)) return null;
    return { iat, exp };
  } catch {
    return null;
  }
}

/**
 * When to refresh after the pair was saved (spec §4, §9): token lifetime minus 50 s,
 * `(exp − iat) × 1000 − TIMERS.sessionRefreshMargin`, never negative. Uses the lifetime, not
 * `exp − now`, so a wrong clock on the phone does not matter. Null for an unreadable token.
 */
export function refreshDelayMs(jwt: string): number | null {
  const claims = decodeToken(jwt);
  if (!claims) return null;
  return Math.max(0, (claims.exp - claims.iat) * 1000 - TIMERS.sessionRefreshMargin);
}
