import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { applyLanguage, i18n } from '@/lib/i18n';

// jsdom does not scroll; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => {};

// jsdom has no media queries; the chart library (uPlot) asks one as it loads, to follow the pixel
// ratio. None matches here, as MUI's useMediaQuery already assumes without it. (jsdom has no canvas
// either: the chart then draws nothing and its figure's caption stands alone.)
window.matchMedia ??= (media: string) =>
  ({
    matches: false,
    media,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

// A list takes a while to render in jsdom on a busy machine (the first render of a route also
// transforms its modules): wait up to 15 s for what a test looks for. A bound on waiting, not a
// timing assertion: a find ends as soon as its element is there.
configure({ asyncUtilTimeout: 15_000 });

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
