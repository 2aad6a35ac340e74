import { z } from '@contract/zod';

/**
 * Build-time settings, parsed once so a typo fails loudly at start-up instead of as a
 * mysterious 404 later. Vite inlines `import.meta.env.VITE_*` at build time.
 *
 * - VITE_API_MODE: `mock` answers every /api call in the browser with MSW (no server needed);
 *   `server` talks to the real API.
 * - VITE_API_BASE: prefix for API URLs; empty means same origin (the server serves the app).
 */
// An empty variable (`VITE_API_MODE=`) means "not set", so the default applies.
const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);

export const EnvSchema = z.object({
  VITE_API_MODE: z.pipe(
    z.transform(emptyAsUnset),
    z._default(z.enum(['mock', 'server']), 'server'),
  ),
  VITE_API_BASE: z._default(z.string(), ''),
});

export type Env = z.infer<typeof EnvSchema>;

export function parseEnv(source: Record<string, unknown>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    throw new Error(`Invalid build settings (import.meta.env):\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}

export const env: Env = parseEnv(import.meta.env);
