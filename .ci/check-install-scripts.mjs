// Refuses a lockfile in which a package with an install script is not one of the exact versions
// that package.json's installScripts lists. npm's own allowScripts is strict by name only here:
// a version-pinned entry is checked against the lockfile's registry URL, which this project's
// lockfile does not record. Usage: node .ci/check-install-scripts.mjs [lockfile] [package.json]
import { readFileSync } from 'node:fs';

const [lockPath = 'package-lock.json', manifestPath = 'package.json'] = process.argv.slice(2);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const allowed = JSON.parse(readFileSync(manifestPath, 'utf8')).installScripts ?? {};

const refused = Object.entries(lock.packages ?? {})
  .filter(([, entry]) => entry.hasInstallScript && !entry.link)
  .map(([path, entry]) => ({ name: path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length), version: entry.version }))
  .filter(({ name, version }) => !(allowed[name] ?? []).includes(version));

if (refused.length > 0) {
  for (const { name, version } of refused) console.error(`install script not allowed: ${name}@${version} (package.json installScripts)`);
  process.exit(1);
}
process.stdout.write(`install scripts: ${Object.keys(allowed).length} packages allowed by exact version, none other in the lockfile\n`);
