import { readFileSync } from 'node:fs';
import path from 'node:path';
import { api } from '@contract/endpoint-map';
import { describe, expect, it } from 'vitest';
import { SESSION_KEYS } from '@/lib/session';
import { CURRENT_USER_PATH } from './layouts/public-layout';
import { staticDocument } from '../../scripts/prerender.mjs';
import { renderPage, STATIC_PAGES } from './prerender';

const template = readFileSync(path.join(process.cwd(), 'index.html'), 'utf8');

describe('prerendered public pages (decision 0012)', () => {
  it('renders each page in the public layout, as the browser app does', () => {
    const landing = renderPage('/');
    expect(landing).toContain('id="hero-title"');
    expect(landing).toContain('href="/auth/signup"');
    expect(landing).toContain('aria-label="Main"');
    expect(renderPage('/frequently-asked-questions')).toContain('Frequently asked questions');
    expect(renderPage('/privacy-policy')).toContain('Privacy policy');
    expect(STATIC_PAGES.map((p) => p.path)).toEqual([
      '/',
      '/frequently-asked-questions',
      '/privacy-policy',
    ]);
  });

  it('makes a document that paints with no app script: markup in, entry and notices out', () => {
    const html = staticDocument(template, renderPage('/'));
    expect(html).not.toMatch(/<script type="module"/);
    expect(html).not.toContain('needs JavaScript');
    expect(html).not.toContain('#root { display: none; }');
    expect(html).toContain('<script src="/public-menu.js" defer></script>');
    expect(html).toMatch(/<div id="root"><div class="flex min-h-dvh/);
    // One <title>, the page's, in <head>.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.indexOf('<title>')).toBeLessThan(html.indexOf('</head>'));
  });

  it('links the landing sections, Home first, and marks the link a signed-in visitor follows', () => {
    const landing = renderPage('/');
    expect(landing.indexOf('href="/#home"')).toBeGreaterThan(-1);
    expect(landing.indexOf('href="/#home"')).toBeLessThan(landing.indexOf('href="/#about"'));
    expect(landing).toContain('id="home"');
    expect(landing).toMatch(/<a[^>]*data-session-link=""[^>]*href="\/auth\/login"[^>]*>Log in</);
  });

  it("public-menu.js asks the app's current-user call with the app's saved token", () => {
    const script = readFileSync(path.join(process.cwd(), 'public', 'public-menu.js'), 'utf8');
    expect(CURRENT_USER_PATH).toBe(api.currentUser.path);
    expect(script).toContain(`fetch('${api.currentUser.path}'`);
    expect(script).toContain(`localStorage.getItem('${SESSION_KEYS.token}')`);
    expect(script).toContain('[data-session-link]');
  });
});
