// Compresses the pictures `npm run screenshots` retook (those git sees changed in docs/screenshots/) to at most 300 KB
// (300,000 bytes) each: PNGs quantised by pngquant, and scaled down by ffmpeg (a tenth at a time) while still over; a
// GIF re-encoded smaller with a palette of its own. Old versions of pictures are most of the repository: a picture no
// one retook is left as it is. Needs pngquant and ffmpeg (Debian: apt-get install pngquant ffmpeg).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const FOLDER = 'docs/screenshots';
const LIMIT = 300_000;

const run = (command, args) => execFileSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
const size = (file) => statSync(file).size;

function changedPictures() {
  const status = execFileSync('git', ['status', '--porcelain', '--', FOLDER], { encoding: 'utf8' });
  return status
    .split('\n')
    .filter((line) => /^( M|M |\?\?|A )/.test(line))
    .map((line) => line.slice(3).trim())
    .filter((file) => /\.(png|gif)$/.test(file));
}

/** The picture at `scale` of its size (1: as taken) into `out`. */
function scaled(original, out, scale, gif) {
  const width = `trunc(iw*${scale}/2)*2`;
  if (gif) {
    const palette = '[a]palettegen=max_colors=48[p];[b][p]paletteuse=dither=bayer:bayer_scale=4';
    const filter = `scale=${width}:-2:flags=lanczos,split[a][b];${palette}`;
    run('ffmpeg', ['-y', '-loglevel', 'error', '-i', original, '-filter_complex', filter, out]);
  } else if (scale === 1) {
    copyFileSync(original, out);
  } else {
    run('ffmpeg', ['-y', '-loglevel', 'error', '-i', original, '-vf', `scale=${width}:-2:flags=lanczos`, out]);
  }
  if (!gif) run('pngquant', ['--quality=60-90', '--speed=1', '--strip', '--force', '--output', out, out]);
}

const work = mkdtempSync(path.join(tmpdir(), 'screenshots-'));
try {
  for (const file of process.argv.slice(2).length ? process.argv.slice(2) : changedPictures()) {
    const gif = file.endsWith('.gif');
    if (gif && size(file) <= LIMIT) continue;
    const original = path.join(work, path.basename(file));
    copyFileSync(file, original);
    const before = size(file);
    let scale = 1;
    scaled(original, file, scale, gif);
    while (size(file) > LIMIT && scale > 0.25) {
      scale = Math.round((scale - 0.1) * 100) / 100;
      scaled(original, file, scale, gif);
    }
    const kb = (bytes) => `${Math.round(bytes / 1000)} KB`;
    const note = size(file) > LIMIT ? ' — still over 300 KB' : '';
    console.log(`${file}: ${kb(before)} → ${kb(size(file))} at ${Math.round(scale * 100)} %${note}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
