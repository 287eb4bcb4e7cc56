import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * Writes each text file of the build beside itself as .br (quality 11) and .gz (level 9): the
 * server sends these as they are (@fastify/static preCompressed), smaller than what it could
 * compress on the fly per request, and at no CPU cost per request. Fonts are compressed already.
 */
function precompress(): Plugin {
  let outDir = '';
  const compressible = /\.(js|css|html|svg|json|txt)$/;
  const filesUnder = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? filesUnder(join(dir, entry.name)) : compressible.test(entry.name) ? [join(dir, entry.name)] : [],
    );
  return {
    name: 'gold:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir); // --outDir on the command line wins over the config
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * Libraries split into a few chunks rather than dozens of small ones (each compressed on its own, far
 * worse): MUI, its styling, and the small packages they build on (stylis, clsx, react-is...).
 */
const groupedLibraries =
  /node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|private-theming|icons-material)|@emotion|react-transition-group|@popperjs|stylis|clsx|react-is|hoist-non-react-statics|@babel[\\/]runtime)[\\/]/;

const main = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
const standaloneSignIn = fileURLToPath(new URL('./src/app/routes/auth/standalone-sign-in.tsx', import.meta.url));
const consoleApp = fileURLToPath(new URL('./src/app/index.tsx', import.meta.url));

/** The modules `roots` import, directly or through others (lazily too, with `followLazy`), added to `into`. */
function reachable(ctx: Rolldown.ChunkingContext, roots: string[], followLazy: boolean, into = new Set<string>()) {
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (into.has(id)) continue;
    into.add(id);
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    stack.push(...info.importedIds, ...(followLazy ? info.dynamicallyImportedIds : []));
  }
  return into;
}

/**
 * Chunk names for MUI and its styling: 'ui-sign-in' holds what the sign-in page shows at first (its
 * static imports), 'ui-sign-in-later' what only its own lazy pieces add (the error dialog's modal,
 * focus trap and transitions, the second step), loaded with them; 'ui' the rest, which only
 * signed-in pages load. Derived from the module graph, so the split follows the code.
 */
function uiChunkName() {
  let signInModules: { atFirst: Set<string>; later: Set<string> } | undefined;
  return (id: string, ctx: Rolldown.ChunkingContext) => {
    if (!groupedLibraries.test(id)) return null;
    // main.tsx loads the console itself lazily: only its static imports count. The sign-in page's own lazy
    // pieces count apart, so that what only they use (about 7 KB brotli) stays off its first load.
    signInModules ??= (() => {
      const atFirst = reachable(ctx, [main, standaloneSignIn], false);
      const withLazyPieces = reachable(ctx, [standaloneSignIn], true, reachable(ctx, [main], false));
      return { atFirst, later: new Set([...withLazyPieces].filter((module) => !atFirst.has(module))) };
    })();
    if (signInModules.atFirst.has(id)) return 'ui-sign-in';
    return signInModules.later.has(id) ? 'ui-sign-in-later' : 'ui';
  };
}

/**
 * One chunk, 'start', for what every page runs at start besides React and MUI: main.tsx and its static
 * imports, and what both the sign-in page and the console import (session, API client, theme, TanStack
 * Query, i18next). Left to the splitter it came in a dozen small files, each compressed on its own.
 */
function startChunkName() {
  let startModules: Set<string> | undefined;
  return (id: string, ctx: Rolldown.ChunkingContext) => {
    startModules ??= (() => {
      const consoleModules = reachable(ctx, [consoleApp], false);
      const sharedWithConsole = [...reachable(ctx, [standaloneSignIn], false)].filter((module) => consoleModules.has(module));
      return new Set([...reachable(ctx, [main], false), ...sharedWithConsole]);
    })();
    return startModules.has(id) ? 'start' : null;
  };
}

const outDir = fileURLToPath(new URL('./dist', import.meta.url));

export default defineConfig({
  root: webRoot,
  plugins: [react(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    // The API runs on :3000 (`npm start` at the root); the dev server forwards /api to it.
    // The Host header is kept, so the API's Origin check sees a same-origin request.
    proxy: { '/api': { target: process.env.API_PROXY_TARGET ?? 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir,
    emptyOutDir: true,
    // Small images (the loading image) are inlined; the CSP allows data: images. Fonts never are:
    // inlined, every subset and weight would be downloaded with the CSS whether the page needs it or not.
    assetsInlineLimit: (file) => (/\.(woff2?|ttf|otf)$/.test(file) ? false : undefined),
    rolldownOptions: {
      // Dependencies of a grouped module stay where they were (React must not move into the UI chunks).
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            // React and ReactDOM in a chunk of their own: left to the splitter they landed in the entry chunk,
            // which the UI chunks then imported back (a cycle: 'require_react_dom is not a function' at start).
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: uiChunkName(), debugName: 'ui', priority: 1 },
            // After React and MUI (higher priorities): 'start' takes only what they leave.
            { name: startChunkName(), debugName: 'start', priority: 0 },
            // The Indonesian texts load in two files when Indonesian is chosen (lib/i18n.ts): the sign-in page's
            // (its own, the shared ones, the server's messages), then the rest of the console's with MUI's texts.
            // Two files compress far better than a dozen small ones (each under 3 KB brotli).
            {
              name: 'indonesian-sign-in',
              test: /[\\/]src[\\/]locales[\\/]id[\\/](auth|common|server)\.json$/,
              priority: 4,
            },
            {
              name: 'indonesian',
              test: /[\\/](src[\\/]locales[\\/]id[\\/][^\\/]+\.json|src[\\/]lib[\\/]mui-indonesian\.ts|@mui[\\/]material[\\/]locale[\\/]idID\.mjs)$/,
              priority: 3,
            },
          ],
        },
      },
    },
  },
});
