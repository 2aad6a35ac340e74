import { RouterProvider } from 'react-router-dom';

import { createAppRouter } from './router';

const router = createAppRouter();

/** The app: the router. API-facing routes add their providers (layouts/session-boundary). */
export function App() {
  return <RouterProvider router={router} />;
}
