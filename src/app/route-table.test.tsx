import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { fillPattern, isPagePath, PAGE_PATTERNS } from '@contract/web-routes';

import { routes } from './router';

/**
 * The server answers 404 for any path that is not a page (ADR 0037), deciding from
 * contract/web-routes.ts: that table and this router must name the same pages, and match a
 * URL the same way, or a new screen would answer 404 (or a typo 200).
 */

/** The full pattern of every page the router declares (its leaves but `*`, the 404 screen). */
function declaredPages(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    if (route.path === '*') return [];
    const own =
      route.index || route.path === undefined
        ? parent
        : route.path.startsWith('/')
          ? route.path
          : `${parent.replace(/\/$/, '')}/${route.path}`;
    return route.children ? declaredPages(route.children, own) : [own];
  });
}

/** Whether the browser's router shows a page (not the "Page not found" screen) for a path. */
function routerShowsPage(pathname: string): boolean {
  const matches = matchRoutes(routes, pathname);
  return !!matches && matches.at(-1)?.route.path !== '*';
}

describe('one route table for the router and the server', () => {
  it('every page the router declares is in the table, and nothing else is', () => {
    expect(declaredPages(routes).sort()).toEqual([...PAGE_PATTERNS].sort());
  });

  const samples = [
    ...PAGE_PATTERNS.map((p) => fillPattern(p, 'abc123')),
    // The router ignores case and trailing slashes.
    ...PAGE_PATTERNS.filter((p) => p !== '/').map((p) => `${fillPattern(p, 'x').toUpperCase()}/`),
    '/auth/resetpassword/a%2Fb',
    '/auth/resetpassword/%E2%82%A6',
    '/user/dashboard/%77allet',
    '/auth/resetpassword',
    '/auth/resetpassword/',
    '/auth/resetpassword/a/b',
    '/auth',
    '/auth/',
    '/auth//login',
    '//auth/login',
    '/no-such-page',
    '/user/dashboard/no-such-page',
    '/user/dashboard/wallet/extra',
    '/admin/dashboard/users/1',
    '/assets/missing.js',
    '/index.html',
    '/user',
  ];

  it.each(samples)('%s: the table decides as the router does', (pathname) => {
    expect(isPagePath(pathname)).toBe(routerShowsPage(pathname));
  });

  it('unknown paths are no page; dynamic segments match one segment', () => {
    expect(isPagePath('/auth/resetpassword/some-token')).toBe(true);
    expect(isPagePath('/auth/verifyemail/some-token')).toBe(true);
    for (const unknown of ['/no-such-page', '/auth/resetpassword', '/auth/verifyemail/a/b']) {
      expect(isPagePath(unknown), unknown).toBe(false);
    }
  });
});
