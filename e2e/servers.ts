// The servers the end-to-end journeys run against (both started by playwright.config.ts on
// fresh databases): the product as `npm start` runs it, and a second one on the same build
// with AUTO_REVERSE_FAILED=0, where a failed purchase waits for an admin to reverse it.

export const PORT = Number(process.env.PORT ?? '4173');
export const BASE_URL = `http://127.0.0.1:${PORT}`;
export const MANUAL_REVERSE_PORT = PORT + 1;
export const MANUAL_REVERSE_URL = `http://127.0.0.1:${MANUAL_REVERSE_PORT}`;
