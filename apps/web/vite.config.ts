import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const contractSource = fileURLToPath(new URL('../../packages/contract/src/', import.meta.url));

/**
 * The contract's modules only define zod schemas and constants: nothing runs on import that
 * another module relies on. Saying so lets the bundle drop the contract (and zod) from a chunk that
 * imports a module for a constant while never using its schemas (the sign-in page's first load).
 */
function contractWithoutSideEffects(): Plugin {
  return {
    name: 'gold:contract-without-side-effects',
    transform(_code, id) {
      return id.startsWith(contractSource) ? { moduleSideEffects: false } : null;
    },
  };
}

/**
 * Writes each text file of the build beside itself as .br (quality 11) and .gz (level 9): the
 * server sends these as they are (@fastify/static preCompressed), smaller than what it could
 * compress on the fly per request, and at no CPU cost per request. Fonts are compressed already.
 */
function precompress(outDir: string): Plugin {
  const compressible = /\.(js|css|html|svg|json|txt)$/;
  const filesUnder = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? filesUnder(join(dir, entry.name)) : compressible.test(entry.name) ? [join(dir, entry.name)] : [],
    );
  return {
    name: 'gold:precompress',
    apply: 'build',
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
 * The data grid's slot map imports every MUI component a grid feature could use. Ours disable
 * the column filter panel and menu (server-side search instead), so these are never rendered:
 * leaving them out keeps grid pages inside the size budget (about 15 KB compressed). Only
 * imports made by the grid's slot map are replaced; our own code gets the real components.
 */
function gridSlotsWeNeverRender(): Plugin {
  const leftOut = new Set([
    '@mui/material/Autocomplete',
    '@mui/material/Tabs',
    '@mui/material/Tab',
    '@mui/material/Switch',
    '@mui/material/ToggleButton',
  ]);
  const stub = fileURLToPath(new URL('./src/lib/bundle-stubs/unused-grid-slot.tsx', import.meta.url));
  return {
    name: 'gold:grid-slots-we-never-render',
    enforce: 'pre',
    resolveId(source, importer) {
      return leftOut.has(source) && importer?.includes('/@mui/x-data-grid/material/') ? stub : null;
    },
  };
}

const outDir = fileURLToPath(new URL('./dist', import.meta.url));

export default defineConfig({
  root: webRoot,
  plugins: [react(), contractWithoutSideEffects(), gridSlotsWeNeverRender(), precompress(outDir)],
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
  },
});
