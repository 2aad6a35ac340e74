/**
 * The measure behind the story check (./check-tap-targets.tsx), on hand-made markup in the same
 * touch-screen Chromium: a 36 px control fails, a 44 px one passes, and only what WCAG 2.5.5
 * exempts is let through.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';

import { smallTapTargets } from './tap-targets';

let root: HTMLDivElement;

beforeAll(async () => {
  await page.viewport(360, 740);
});

afterEach(() => root.remove());

function render(html: string) {
  root = document.createElement('div');
  root.innerHTML = html;
  document.body.appendChild(root);
  return root;
}

describe('smallTapTargets', () => {
  it('finds a 36 px button and passes a 44 px one', () => {
    const found = smallTapTargets(
      render(`
        <button style="height:36px;width:120px">Verify</button>
        <button style="height:44px;width:44px">OK</button>`),
    );
    expect(found).toEqual([{ what: 'button "Verify"', width: 120, height: 36 }]);
  });

  it('checks links, inputs, selects and ARIA widgets alike', () => {
    const found = smallTapTargets(
      render(`
        <p><a href="/x" style="display:inline-block;height:20px">Forgot password?</a></p>
        <input aria-label="Amount" style="height:30px;width:200px">
        <select aria-label="Network" style="height:30px;width:200px"><option>MTN</option></select>
        <div role="switch" aria-label="Dark" aria-checked="false" tabindex="0" style="height:24px;width:44px"></div>`),
    );
    expect(found.map((t) => t.what)).toEqual([
      'a "Forgot password?"',
      'input "Amount"',
      'select "Network"',
      'div[role=switch] "Dark"',
    ]);
  });

  it('counts a label as the target of its checkbox', () => {
    const found = smallTapTargets(
      render(`
        <label style="display:flex;align-items:center;min-height:44px">
          <input type="checkbox" style="width:16px;height:16px"> I agree to the BVN check
        </label>
        <label style="display:flex;align-items:center">
          <input type="checkbox" style="width:13px;height:13px;margin:0"> A small one
        </label>`),
    );
    expect(found).toHaveLength(1);
    expect(found[0]!.what).toBe('input[type=checkbox] "A small one"');
  });

  it('lets a link inside a sentence through (WCAG inline exception), not one on its own', () => {
    const found = smallTapTargets(
      render(`
        <p>Remembered it? <a href="/login">Back to login</a></p>
        <p><a href="/forgot">Forgot password?</a></p>`),
    );
    expect(found.map((t) => t.what)).toEqual(['a "Forgot password?"']);
  });

  it('skips what is not drawn: hidden, transparent, visually hidden', () => {
    const found = smallTapTargets(
      render(`
        <button hidden>Hidden</button>
        <button style="visibility:hidden">Invisible</button>
        <button style="opacity:0">Transparent</button>
        <a href="#main" style="position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)">Skip</a>
        <a href="#main" style="position:absolute;width:1px;height:1px;padding:8px 16px;overflow:hidden;clip-path:inset(50%)">Skip to main content</a>`),
    );
    expect(found).toEqual([]);
  });
});
