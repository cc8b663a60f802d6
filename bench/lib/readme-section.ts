/** Writes a generated table into bench/README.md between its `<!-- bench:NAME:start -->` and `…:end -->` markers. */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './service.ts';

export function writeReadmeSection(name: string, text: string): void {
  const readme = path.join(ROOT, 'bench/README.md');
  const current = readFileSync(readme, 'utf8');
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  if (!current.includes(start) || !current.includes(end))
    throw new Error(`bench/README.md lacks the ${start} … ${end} markers`);
  writeFileSync(
    readme,
    `${current.slice(0, current.indexOf(start) + start.length)}\n${text}\n${current.slice(current.indexOf(end))}`,
  );
}
