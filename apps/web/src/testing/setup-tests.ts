import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { applyLanguage, i18n } from '@/lib/i18n';

// jsdom does not scroll; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => {};

// A data grid takes a while to render in jsdom on a busy machine: wait up to 5 s for what a test
// looks for (a bound on waiting, not a timing assertion).
configure({ asyncUtilTimeout: 5_000 });

// Test files share one module cache (isolate: false): each file starts in English, as a fresh console does.
beforeAll(async () => {
  if (i18n.language !== 'en') await applyLanguage('en');
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});
