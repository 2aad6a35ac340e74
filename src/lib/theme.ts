import { useSyncExternalStore } from 'react';

/**
 * The colour theme. `system` (no class on <html>) follows the phone's setting through CSS
 * alone (src/styles/globals.css), so nothing flashes and the prerendered public pages follow
 * it without a script; `light` and `dark` are the customer's explicit choice, kept in
 * localStorage and put on <html> as a class before the app renders (src/main.tsx).
 */
export type ThemeChoice = 'system' | 'light' | 'dark';

export const THEME_KEY = 'theme';
const CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
const listeners = new Set<() => void>();

export function readTheme(): ThemeChoice {
  try {
    const saved = localStorage.getItem(THEME_KEY);
    return saved === 'light' || saved === 'dark' ? saved : 'system';
  } catch {
    return 'system';
  }
}

/** Puts the choice on <html>: `dark`, `light`, or neither (follow the phone). */
export function applyTheme(choice: ThemeChoice, root: HTMLElement = document.documentElement) {
  root.classList.toggle('dark', choice === 'dark');
  root.classList.toggle('light', choice === 'light');
}

export function setTheme(choice: ThemeChoice) {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, choice);
  } catch {
    // Private mode without storage: the choice lasts until the page closes.
  }
  applyTheme(choice);
  for (const listener of listeners) listener();
}

/** The next choice in the cycle system → light → dark → system. */
export function nextTheme(choice: ThemeChoice): ThemeChoice {
  return CHOICES[(CHOICES.indexOf(choice) + 1) % CHOICES.length]!;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current choice, re-rendering when it changes. */
export function useTheme(): ThemeChoice {
  return useSyncExternalStore(subscribe, readTheme, () => 'system' as const);
}
