import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router-dom';

import { PublicLayout } from './layouts/public-layout';
import { FaqPage } from './routes/faq';
import { LandingPage } from './routes/landing';
import { PrivacyPolicyPage } from './routes/privacy-policy';
import { paths } from '@/config/routes';

/**
 * The public pages that need no API and no session, rendered to HTML at build time
 * (scripts/prerender.mjs, decision 0012): the server sends them as they are, so they paint
 * before any script runs and ship no React. Their file names are what the server serves.
 */
export const STATIC_PAGES = [
  { path: paths.home, file: 'landing.html' },
  { path: paths.faq, file: 'faq.html' },
  { path: paths.privacyPolicy, file: 'privacy-policy.html' },
] as const;

/** The markup of one public page inside its layout, as the browser app renders it. */
export function renderPage(url: string): string {
  return renderToString(
    <StaticRouter location={url}>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route index element={<LandingPage />} />
          <Route path={paths.faq} element={<FaqPage />} />
          <Route path={paths.privacyPolicy} element={<PrivacyPolicyPage />} />
        </Route>
      </Routes>
    </StaticRouter>,
  );
}
