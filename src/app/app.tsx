import { AppRouter } from './navigation';
import { AppRoutes } from './router';

/** The app: the router. API-facing routes add their providers (layouts/session-boundary). */
export function App() {
  return (
    <AppRouter>
      <AppRoutes />
    </AppRouter>
  );
}
