import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom does not scroll; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => {};

// A data grid takes a while to render in jsdom on a busy machine: wait up to 5 s for what a test
// looks for (a bound on waiting, not a timing assertion).
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});
