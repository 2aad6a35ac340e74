import { useSyncExternalStore } from 'react';
import { TIMERS } from '@contract/timers';
import * as api from '@contract/api';
import { request, setSessionRefresher } from './api-client';
import { ApiError } from './api-error';
import {
  clearSession,
  getSession,
  refreshDelayMs,
  saveTokens,
  subscribeSession,
  syncSessionFromStorage,
  type SessionState,
} from './session';

/**
 * Session timers (spec §4, §9): the token refresh at "lifetime minus 50 s", rescheduled after
 * every login and rotation, and the 1 s wait before the first user load on start.
 * Call `startSessionTimers()` once in src/main.tsx before the first render.
 */

/** Retries of a refresh that got no answer (offline, 5xx): 3 × 15 s fit in the 50 s margin. */
export const REFRESH_RETRY = { delayMs: 15_000, attempts: 3 } as const;

/**
 * Milliseconds until the refresh is due for `state` at `now`: the token lifetime minus
 * 50 s (refreshDelayMs), less the time since the pair was saved (a reload mid-lifetime).
 * Never negative; null when signed out or the token is unreadable (no timer then).
 */
export function nextRefreshDelay(state: SessionState, now: number): number | null {
  if (!state.tokens) return null;
  const delay = refreshDelayMs(state.tokens.JWTtoken);
  if (delay === null) return null;
  return Math.max(0, delay - Math.max(0, now - state.savedAt));
}

/** `refreshed`: a new pair is saved; `rejected`: the server refused (session cleared); `unavailable`: no answer. */
export type RefreshOutcome = 'refreshed' | 'rejected' | 'unavailable';

let refreshing: Promise<RefreshOutcome> | null = null;

/**
 * Sends the stored refresh token to `api.refresh` and saves the rotated pair. One at a time
 * (concurrent callers share the call). A refusal clears the session silently; a network
 * failure or 5xx keeps it, for a retry. Across tabs, a Web Lock serialises the refresh and the
 * pair is re-read inside it: a refresh token is single use (decisions §7), so two tabs sending
 * the same one would revoke the whole family.
 */
export function refreshSession(): Promise<RefreshOutcome> {
  const stale = getSession().tokens?.refresh_token;
  refreshing ??= withRefreshLock(() => runRefresh(stale)).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('paybills-session-refresh', fn) : fn();
}

async function runRefresh(stale: string | undefined): Promise<RefreshOutcome> {
  syncSessionFromStorage();
  const sent = getSession().tokens?.refresh_token;
  if (!sent || !stale) return 'rejected';
  // Another tab (or a login) replaced the pair while this one waited for the lock: it is fresh.
  if (sent !== stale) return 'refreshed';
  try {
    const pair = await request(api.refresh, { body: { refresh_token: sent } });
    // Logged out (or in again) meanwhile: this answer belongs to a session that is gone.
    if (getSession().tokens?.refresh_token !== sent) return 'rejected';
    saveTokens(pair);
    return 'refreshed';
  } catch (error) {
    const transient = error instanceof ApiError && (error.status === 0 || error.status >= 500);
    if (transient) return 'unavailable';
    if (getSession().tokens?.refresh_token === sent) clearSession();
    return 'rejected';
  }
}

// ── The refresh timer ────────────────────────────────────────────────────────

let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let scheduledFor: string | undefined;
let retries = 0;
let unsubscribe: (() => void) | undefined;

function schedule(): void {
  const state = getSession();
  const token = state.tokens?.JWTtoken;
  if (token && token === scheduledFor) return; // a notice changed, not the pair
  clearTimeout(refreshTimer);
  refreshTimer = undefined;
  scheduledFor = token;
  retries = 0;
  const delay = nextRefreshDelay(state, Date.now());
  if (delay !== null) refreshTimer = setTimeout(onRefreshDue, delay);
}

async function onRefreshDue(): Promise<void> {
  refreshTimer = undefined;
  const outcome = await refreshSession();
  if (outcome !== 'unavailable') return; // saving or clearing the pair reschedules
  if (retries < REFRESH_RETRY.attempts) {
    retries += 1;
    refreshTimer = setTimeout(onRefreshDue, REFRESH_RETRY.delayMs);
  } else {
    clearSession(); // the access token is about to expire anyway
  }
}

// ── The first user load ──────────────────────────────────────────────────────

let userLoadReady = true;
let userLoadTimer: ReturnType<typeof setTimeout> | undefined;
const readyListeners = new Set<() => void>();

function setUserLoadReady(ready: boolean): void {
  if (ready === userLoadReady) return;
  userLoadReady = ready;
  for (const listener of [...readyListeners]) listener();
}

/** False during the 1 s after start when tokens were found (spec §4, TIMERS.userLoadDelay). */
export function isUserLoadReady(): boolean {
  return userLoadReady;
}

function subscribeUserLoadReady(listener: () => void): () => void {
  readyListeners.add(listener);
  return () => readyListeners.delete(listener);
}

/**
 * For the current-user hook: fetch only when this is true, e.g.
 * `useApiQuery(api.currentUser, tokens && ready ? {} : null)`.
 */
export function useUserLoadReady(): boolean {
  return useSyncExternalStore(subscribeUserLoadReady, isUserLoadReady, isUserLoadReady);
}

// ── Start and stop ───────────────────────────────────────────────────────────

/**
 * Starts the timers: schedules the refresh for the stored pair and after every change of it
 * (login, rotation, logout), lets the client renew an expired token once
 * (setSessionRefresher), and, when tokens exist at start, holds the user load for
 * TIMERS.userLoadDelay. Idempotent; returns `stopSessionTimers`.
 */
export function startSessionTimers(): () => void {
  if (unsubscribe) return stopSessionTimers;
  setSessionRefresher(async () => (await refreshSession()) === 'refreshed');
  unsubscribe = subscribeSession(schedule);
  scheduledFor = undefined;
  schedule();
  if (getSession().tokens) {
    setUserLoadReady(false);
    userLoadTimer = setTimeout(() => setUserLoadReady(true), TIMERS.userLoadDelay);
  }
  return stopSessionTimers;
}

/** Cancels every timer and subscription (tests, hot reload). */
export function stopSessionTimers(): void {
  unsubscribe?.();
  unsubscribe = undefined;
  clearTimeout(refreshTimer);
  refreshTimer = undefined;
  scheduledFor = undefined;
  clearTimeout(userLoadTimer);
  userLoadTimer = undefined;
  setUserLoadReady(true);
  setSessionRefresher(null);
}

/**
 * Signs out (spec §4 "logout clears tokens"): clears the session at once, so the screen
 * does not wait on a slow network, then tells the server to revoke the refresh token
 * (`X-Refresh-Token`). A failed revoke is ignored: the tokens are gone from this browser.
 */
export async function logout(): Promise<void> {
  const tokens = getSession().tokens;
  clearSession();
  if (!tokens) return;
  try {
    await request(api.logout, {
      headers: {
        Authorization: `Bearer ${tokens.JWTtoken}`,
        'X-Refresh-Token': tokens.refresh_token,
      },
    });
  } catch {
    // revoked or not, this browser is signed out
  }
}
