import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyTheme, nextTheme, readTheme, setTheme, THEME_KEY, useTheme } from './theme';

afterEach(() => setTheme('system'));

describe('theme', () => {
  it('keeps an explicit choice on the device and on <html>; "system" clears both', () => {
    const html = document.documentElement;
    setTheme('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    expect(html.classList.contains('dark')).toBe(true);
    setTheme('light');
    expect(html.classList.contains('dark')).toBe(false);
    expect(html.classList.contains('light')).toBe(true);
    expect(readTheme()).toBe('light');
    setTheme('system');
    expect(localStorage.getItem(THEME_KEY)).toBeNull();
    expect(html.className).not.toMatch(/\b(light|dark)\b/);
  });

  it('reads anything else stored as "system", and cycles system → light → dark', () => {
    localStorage.setItem(THEME_KEY, 'purple');
    expect(readTheme()).toBe('system');
    expect(nextTheme('system')).toBe('light');
    expect(nextTheme('light')).toBe('dark');
    expect(nextTheme('dark')).toBe('system');
  });

  it('applies a choice to any root, and re-renders subscribers when it changes', () => {
    const root = document.createElement('div');
    applyTheme('dark', root);
    expect(root.className).toBe('dark');
    const { result } = renderHook(() => useTheme());
    expect(result.current).toBe('system');
    act(() => setTheme('dark'));
    expect(result.current).toBe('dark');
  });
});
