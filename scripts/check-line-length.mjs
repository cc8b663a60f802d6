// Fails when a tracked source line is longer than the limit the formatter keeps (biome.jsonc lineWidth). The
// formatter cannot break comments, strings or regular expressions; this catches those.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const LIMIT = 120;
const patterns = ['*.ts', '*.tsx', '*.js', '*.mjs', '*.css'];
const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', ...patterns], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && !file.startsWith('public/basemap/'));
const long = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // deleted in the working tree
  }
  for (const [index, line] of text.split('\n').entries()) {
    const length = [...line].length;
    if (length > LIMIT) long.push(`${file}:${index + 1}: ${length} characters`);
  }
}
if (long.length > 0) {
  console.error(`${long.length} line(s) over ${LIMIT} characters:\n${long.join('\n')}`);
  process.exit(1);
}
