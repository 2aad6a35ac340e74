// Setup for the "dom" Vitest project (jsdom): jest-dom matchers on `expect`, and an unmounted,
// empty document after every test so tests cannot leak into each other.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// `findBy…` waits 1 s by default. Lazy routes are transformed on first import, and on a cold,
// two-core CI runner (sharing the CPU with the Storybook browser project) that can take longer.
configure({ asyncUtilTimeout: 3000 });

afterEach(() => {
  cleanup();
});
