import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom does not scroll; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});
