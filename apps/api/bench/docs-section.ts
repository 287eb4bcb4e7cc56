import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

let file = join(import.meta.dirname, '../../../docs/benchmarks.md');
const header = '# Benchmarks\n\nFigures written by `npm run bench`; never timed inside `npm test`.\n\n';

/** Writes the sections to another file (e.g. a trial run at small scale that must not replace the real figures). */
export function setDocsFile(path: string) {
  file = resolve(path);
}

/** Replaces one benchmark's section (from its `## ` title to the next) of docs/benchmarks.md, keeping the others. */
export function writeSection(section: string) {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : header;
  const title = section.split('\n')[0]!;
  const start = current.indexOf(title);
  let next: string;
  if (start === -1) next = `${current.trimEnd()}\n\n${section}`;
  else {
    const end = current.indexOf('\n## ', start + title.length);
    next = current.slice(0, start) + section + (end === -1 ? '' : current.slice(end + 1));
  }
  writeFileSync(file, next.endsWith('\n') ? next : `${next}\n`);
}
