// Bundles the API into dist/server.js (and its signer into dist/signer.js, which the API forks on PGlite): our workspace code (and the shared contract) inlined,
// npm dependencies left to node_modules. Migrations stay in ./drizzle beside dist/.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: { server: 'src/server.ts', signer: 'src/cli/signer.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
