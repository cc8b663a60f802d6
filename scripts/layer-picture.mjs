// Draws the viewer's layers (docs/architecture.md, "Layers") from dependency-cruiser's output: each folder of src/
// (the features as one) and of core/ is a box, each import between them an arrow. `--check` fails when the page's
// picture is not the one the code gives (npm run check:structure); without it the page is rewritten.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const page = 'docs/architecture.md';
const START = '<!-- layers: written by scripts/layer-picture.mjs -->';
const END = '<!-- /layers -->';

const output = execFileSync(
  'npx',
  [
    'depcruise',
    'src',
    'core',
    '--config',
    '.dependency-cruiser.cjs',
    '--output-type',
    'json',
    '--collapse',
    '^(src/features|src/[^/]+|core/[^/]+)/',
    '--exclude',
    '\\.test\\.tsx?$|^src/test/|^core/test/',
  ],
  { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
);
const { modules } = JSON.parse(output);
const node = (source) => source.replace(/\/$/, '');
const isLayer = (source) => /^(src\/[^/.]+|core\/[^/.]+)\/?$/.test(source);
const edges = new Set();
for (const module of modules) {
  if (!isLayer(module.source)) continue;
  for (const dependency of module.dependencies) {
    if (!isLayer(dependency.resolved) || node(dependency.resolved) === node(module.source)) continue;
    edges.add(`${node(module.source)} --> ${node(dependency.resolved)}`);
  }
}
const id = (name) => name.replace(/[^a-z0-9]/gi, '_');
const lines = [...edges].sort().map((edge) => {
  const [from, to] = edge.split(' --> ');
  return `  ${id(from)}[${from}] --> ${id(to)}[${to}]`;
});
const picture = [START, '```mermaid', 'flowchart LR', ...lines, '```', END].join('\n');

const text = readFileSync(page, 'utf8');
const start = text.indexOf(START);
const end = text.indexOf(END);
if (start < 0 || end < 0) throw new Error(`${page} has no layer picture between ${START} and ${END}`);
const next = text.slice(0, start) + picture + text.slice(end + END.length);
if (process.argv.includes('--check')) {
  if (next !== text) {
    console.error(`${page}: the layer picture is out of date; run node scripts/layer-picture.mjs`);
    process.exit(1);
  }
} else {
  writeFileSync(page, next);
}
