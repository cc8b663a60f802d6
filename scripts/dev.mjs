// npm run dev: the reference service on 8787 and the Vite dev server (which proxies /tile, /oauth and /config.json to
// it).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const children = [
  spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(root, 'server', 'main.ts'),
      '--port',
      '8787',
      '--dev-config',
      '--quiet',
      ...process.argv.slice(2),
    ],
    { cwd: root, stdio: 'inherit' },
  ),
  spawn(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js')], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exit(code ?? 0);
  });
