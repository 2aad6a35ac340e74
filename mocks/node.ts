import { setupServer } from 'msw/node';
import { handlers } from './variants';

/**
 * MSW for Node tests (style.md example 4):
 *   beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
 *   afterEach(() => { server.resetHandlers(); resetDb(); });
 *   afterAll(() => server.close());
 * Requests must use absolute URLs (`http://localhost/api/...`): Node has no page origin.
 */
export const server = setupServer(...handlers);
