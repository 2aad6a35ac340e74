import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { paths } from '@/config/routes';

/**
 * Renders an auth screen at its route pattern inside the story's MemoryRouter (so `useParams`
 * works), with a stand-in heading at every place the screen may send the user, so a story can
 * assert where it went.
 */
export function ScreenAt({ pattern, children }: { pattern: string; children: ReactNode }) {
  const standIns = [
    { path: paths.login, title: 'Login page' },
    { path: paths.user.overview, title: 'User dashboard' },
    { path: paths.admin.overview, title: 'Admin dashboard' },
  ].filter((s) => s.path !== pattern);
  return (
    <Routes>
      <Route path={pattern} element={children} />
      {standIns.map((s) => (
        <Route key={s.path} path={s.path} element={<h1>{s.title}</h1>} />
      ))}
    </Routes>
  );
}
