// Fails when the code map (docs/architecture.md) and the tree disagree: every folder of core/, src/ and server/ (and
// every feature folder, src/features/<name>/) must be listed, and every path listed must exist; and when a feature
// has no public index.ts (what the app shell and other features may use of it). Run in `npm test`.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const page = 'docs/architecture.md';
const readme = readFileSync(page, 'utf8');
const start = readme.indexOf('## Code map');
const end = readme.indexOf('\n#', start + 1);
if (start < 0) throw new Error(`${page} has no "## Code map" section`);
const listed = new Set();
for (const line of readme.slice(start, end).split('\n')) {
  const where = /^\|([^|]*)\|/.exec(line)?.[1] ?? '';
  for (const [, path] of where.matchAll(/`([^`]+)`/g)) listed.add(path);
}

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { encoding: 'utf8' }).split('\n');
const required = new Set(['core/', 'src/', 'server/', 'bench/', 'e2e/', 'scripts/']);
for (const file of files) {
  const parts = file.split('/');
  if (['core', 'src', 'server'].includes(parts[0]) && parts.length > 2) required.add(`${parts[0]}/${parts[1]}/`);
  if (parts[0] === 'src' && parts[1] === 'features' && parts.length > 3) required.add(`src/features/${parts[2]}/`);
}

const problems = [
  ...[...required]
    .filter((path) => !listed.has(path))
    .map((path) => `${path} is not in the code map (docs/architecture.md)`),
  ...[...listed]
    .filter((path) => !existsSync(path))
    .map((path) => `the code map (docs/architecture.md) lists ${path}, which is gone`),
  ...[...required]
    .filter((path) => /^src\/features\/[^/]+\/$/.test(path) && !existsSync(`${path}index.ts`))
    .map((path) => `${path} has no index.ts`),
];
if (problems.length > 0) {
  console.error(problems.sort().join('\n'));
  process.exit(1);
}
