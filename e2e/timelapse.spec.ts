import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { colourDifference, type Pixels, servicePixels, showAtOneToOne } from './imagery-pixels.ts';
import { GATEWAY_ACCESS_KEY, PORTS } from '../playwright.config.ts';
import { accessToken, DEMO, expect, mapSettled, readmePicture, signInWithDemo, test } from './support.ts';

/** Central Denver, where the demo catalog has several surveys over the years. */
const DENVER: [number, number] = [-104.99, 39.74];
const MAP_ZOOM = 15;
/** The newest survey there. */
const SELECTED = '2026-P1-CO-DEN';

interface Truth {
  id: string;
  /** The survey's tiles in view holding imagery all over (percent_covered 100), as x/y at the tile zoom. */
  fullTiles: { x: number; y: number }[];
}

/**
 * What the service says the view's timelapse is, worked out here from its answers: the surveys meeting the view's box,
 * oldest first, each with imagery on some tile in view; one whose tiles show exactly the previous one's captures is
 * folded.
 */
async function expectedFrames(request: APIRequestContext, token: string, wkt: string, zoom: number) {
  const headers = { Authorization: `Bearer ${token}` };
  const surveys = (await (await request.get('/tile/v2/surveys/coverage', { params: { wkt }, headers })).json()) as {
    id: string;
    capture_date_start: string;
  }[];
  surveys.sort((a, b) => a.capture_date_start.localeCompare(b.capture_date_start) || a.id.localeCompare(b.id));
  const frames: (Truth & { captures: string })[] = [];
  let folded = 0;
  for (const survey of surveys) {
    const answer = await request.get(`/tile/v2/${survey.id}/coverage`, { params: { wkt, zoom }, headers });
    expect(answer.ok()).toBe(true);
    const tiles = (await answer.json()) as { x: number; y: number; mosaic_stac_id: string; percent_covered: number }[];
    const shown = tiles.filter((t) => t.percent_covered > 0);
    if (shown.length === 0) continue;
    const captures = shown
      .map((t) => `${t.x}/${t.y}=${t.mosaic_stac_id}`)
      .sort()
      .join(' ');
    if (frames.at(-1)?.captures === captures) {
      folded += 1;
      continue;
    }
    frames.push({ id: survey.id, captures, fullTiles: shown.filter((t) => t.percent_covered === 100) });
  }
  return { frames, folded, found: surveys.length };
}

/** Decodes every frame of a video or GIF to PNG with ffmpeg, and reads its stream with ffprobe. */
function readVideo(file: string) {
  const probe = JSON.parse(
    execFileSync('ffprobe', [
      '-v',
      'error',
      '-count_frames',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=codec_name,width,height,nb_read_frames',
      '-of',
      'json',
      file,
    ]).toString(),
  ).streams[0] as { codec_name: string; width: number; height: number; nb_read_frames: string };
  const folder = `${file}.frames`;
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder);
  execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-fps_mode', 'passthrough', `${folder}/%03d.png`]);
  const frames = readdirSync(folder)
    .sort()
    .map((name) => PNG.sync.read(readFileSync(`${folder}/${name}`)));
  return { probe, frames };
}

const regionOf = (png: PNG, left: number, top: number, size: number): Pixels => {
  const rgb = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const i = ((top + y) * png.width + left + x) * 4;
      rgb.set(png.data.subarray(i, i + 3), (y * size + x) * 3);
    }
  return { width: size, height: size, rgb };
};

const tilesCounted = async (page: Page) =>
  Number(
    (await page.getByRole('group', { name: 'Map layers and usage' }).locator('output').textContent())?.replace(
      /\D/g,
      '',
    ),
  );

test(
  'Timelapse: the captures in view oldest first, folded frames out; plays, steps by keys; ' +
    'exports WebM, GIF and MP4 whose frames are the captures’ tiles @readme',
  async ({ page, request }) => {
    test.setTimeout(180_000);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signInWithDemo(page);
    const { tileZoom, originX, originY } = await showAtOneToOne(page, DENVER, MAP_ZOOM);
    await mapSettled(page);
    const canvas = await page.evaluate(() => {
      const c = window.__surveyViewer!.map.getCanvas();
      return { width: c.clientWidth, height: c.clientHeight };
    });
    // Even, so a video of the map's size is the canvas pixel for pixel.
    expect([canvas.width % 2, canvas.height % 2]).toEqual([0, 0]);

    const panel = page.getByRole('group', { name: 'Map layers and usage' });
    await panel.getByRole('button', { name: 'Timelapse' }).click();
    const timelapse = page.getByRole('region', { name: 'Timelapse' });
    await expect(timelapse.getByTestId('timelapse-caption')).toBeVisible({ timeout: 30_000 });

    // The frames the service's answers give for the same view box (as the viewer rounds it).
    const { wkt } = await page.evaluate(() => {
      const b = window.__surveyViewer!.map.getBounds().toArray().flat();
      const r = (v: number) => Math.round(v * 1e5) / 1e5;
      const [w, s, e, n] = b.map(r);
      return { wkt: `POLYGON((${w} ${s}, ${e} ${s}, ${e} ${n}, ${w} ${n}, ${w} ${s}))` };
    });
    const token = await accessToken(request);
    const expected = await expectedFrames(request, token, wkt, tileZoom);
    const ids = expected.frames.map((f) => f.id);
    expect(ids.length, 'captures with imagery in view').toBeGreaterThanOrEqual(3);
    const count = timelapse.getByRole('status').first();
    await expect(count).toHaveText(`1 of ${ids.length} captures`);

    // Reduced motion: no autoplay. The caption names the oldest, and the map draws its tiles.
    const play = timelapse.getByRole('button', { name: 'Play' });
    await expect(play).toBeVisible();
    const caption = timelapse.getByTestId('timelapse-caption');
    await expect(caption).toContainText(ids[0]);
    const frameTiles = () =>
      page.evaluate(() => {
        const source = window.__surveyViewer!.map.getSource('timelapse-frame') as { tiles?: string[] } | undefined;
        return source?.tiles?.[0] ?? '';
      });
    await expect.poll(frameTiles).toContain(`/tile/v2/${ids[0]}/`);

    // Keys: → next, End newest, Home oldest, ← stays at the oldest; the slider's arrows step too.
    const next = timelapse.getByRole('button', { name: 'Next capture' });
    await next.focus();
    await page.keyboard.press('ArrowRight');
    await expect(caption).toContainText(ids[1]);
    await page.keyboard.press('End');
    await expect(caption).toContainText(ids.at(-1)!);
    await expect(count).toHaveText(`${ids.length} of ${ids.length} captures`);
    await page.keyboard.press('Home');
    await expect(caption).toContainText(ids[0]);
    await timelapse.getByRole('slider', { name: 'Capture' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(caption).toContainText(ids[1]);
    await expect.poll(frameTiles).toContain(`/tile/v2/${ids[1]}/`);
    // The capture readout names the frame drawn, not the selected survey (or nothing).
    await expect(page.getByTestId('capture-timelapse')).toContainText(`${ids[1]} (timelapse frame)`);

    // Plays: at the quickest speed it moves on by itself, and Pause holds it.
    await timelapse.getByLabel('Speed: each capture shows for').selectOption('250');
    await play.click();
    await expect(caption).toContainText(ids[2], { timeout: 20_000 });
    await timelapse.getByRole('button', { name: 'Pause' }).click();
    await expect(timelapse.getByRole('button', { name: 'Play' })).toBeVisible();
    await timelapse.getByRole('slider', { name: 'Capture' }).fill('2');
    await mapSettled(page);
    await readmePicture(page, 'timelapse');

    // Export: a 16:9 video shows the largest 16:9 box of the map on screen, outlined on the map while choosing.
    await timelapse.getByRole('button', { name: 'Export video' }).click();
    const exporter = timelapse.getByRole('region', { name: 'Export video' });
    await expect(exporter.getByTestId('video-extent')).toContainText('inside the dashed frame');
    const frameBox = (await page.getByTestId('video-frame').boundingBox())!;
    const mapBox = (await page.locator('.maplibregl-canvas').boundingBox())!;
    expect(frameBox.width / frameBox.height).toBeCloseTo(16 / 9, 1);
    expect(frameBox.x).toBeGreaterThanOrEqual(mapBox.x - 1);
    expect(frameBox.y).toBeGreaterThanOrEqual(mapBox.y - 1);
    expect(frameBox.x + frameBox.width).toBeLessThanOrEqual(mapBox.x + mapBox.width + 1);
    expect(frameBox.y + frameBox.height).toBeLessThanOrEqual(mapBox.y + mapBox.height + 1);
    // …the map's whole width here (it is wider than 16:9 is tall).
    expect(Math.max(frameBox.width / mapBox.width, frameBox.height / mapBox.height)).toBeCloseTo(1, 2);
    // Then the map's size, 1 s a frame, WebM then GIF: the video is the map as on screen, no frame drawn.
    await exporter.getByLabel('Size').selectOption('map');
    await expect(exporter.getByTestId('video-extent')).toContainText('the whole map, as on screen');
    await expect(page.getByTestId('video-frame')).toHaveCount(0);
    await exporter.getByLabel('Frame duration').selectOption('1000');
    const files: Record<string, string> = {};
    for (const format of ['webm', 'gif', 'mp4'] as const) {
      await exporter.getByRole('radio', { name: { webm: /^WebM/, gif: 'GIF', mp4: /^MP4/ }[format] }).check();
      const before = await tilesCounted(page);
      const downloading = page.waitForEvent('download', { timeout: 120_000 });
      await exporter.getByRole('button', { name: `Export ${ids.length} frames` }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(new RegExp(`^timelapse-\\d{8}-\\d{6}\\.${format}$`));
      files[format] = `test-results/timelapse.${format}`;
      await download.saveAs(files[format]);
      await expect(exporter.getByText(`Saved ${ids.length} frames`)).toBeVisible();
      // The export's tiles count in the usage meter.
      expect(await tilesCounted(page)).toBeGreaterThan(before);
    }

    for (const [format, file] of Object.entries(files)) {
      const { probe, frames } = readVideo(file);
      // MP4 in H.264 where this Chromium encodes it (Debian's does), else VP9 or AV1.
      expect(probe.codec_name).toMatch(format === 'webm' ? /^vp9$/ : format === 'gif' ? /^gif$/ : /^(h264|vp9|av1)$/);
      expect([probe.width, probe.height]).toEqual([canvas.width, canvas.height]);
      expect(Number(probe.nb_read_frames), 'one frame per capture').toBe(ids.length);
      expect(frames).toHaveLength(ids.length);
      // The imagery of frame k is capture k's tiles: a square inside one of its whole tiles, away from the caption.
      let compared = 0;
      for (const [k, frame] of expected.frames.entries()) {
        const inside = frame.fullTiles
          .map(({ x, y }) => ({ left: x * 256 - originX + 80, top: y * 256 - originY + 80 }))
          .find(
            ({ left, top }) => left >= 0 && top >= 90 && left + 96 <= canvas.width && top + 96 <= canvas.height - 40,
          );
        if (!inside) continue;
        compared += 1;
        const region = { ...inside, size: 96 };
        const tiles = await servicePixels(request, token, { surveyId: frame.id, tileZoom, originX, originY }, region);
        const drawn = regionOf(frames[k], region.left, region.top, region.size);
        const { meanShift, histogramShift } = colourDifference(drawn, tiles);
        const limit = format === 'gif' ? 6 : 4;
        for (let c = 0; c < 3; c++) {
          expect(Math.abs(meanShift[c]), `${format} frame ${k + 1} (${frame.id}) mean, channel ${c}`).toBeLessThan(
            limit,
          );
          expect(histogramShift[c], `${format} frame ${k + 1} (${frame.id}) histogram, channel ${c}`).toBeLessThan(
            2 * limit,
          );
        }
        // …and not the previous capture's imagery there, where that one has some.
        if (k > 0) {
          const other = regionOf(frames[k - 1], region.left, region.top, region.size);
          const apart = colourDifference(drawn, other).histogramShift;
          expect(Math.max(...apart), `${format} frames ${k} and ${k + 1} differ`).toBeGreaterThan(2);
        }
      }
      expect(compared, 'frames compared with their tiles').toBeGreaterThanOrEqual(2);
    }

    // Only captures where this place changed: a frame scoring under the threshold against the last one kept is folded
    // into it; the note says how many, the count drops by as many, and each folded capture is named under a kept one.
    await timelapse.getByRole('checkbox', { name: 'Only captures where this place changed' }).check();
    const notes = timelapse.getByTestId('timelapse-notes');
    const unchangedNote = /(\d+) captures? folded in: this place did not change/;
    await expect(notes).toContainText(unchangedNote, { timeout: 30_000 });
    const unchanged = Number(unchangedNote.exec((await notes.textContent()) ?? '')?.[1]);
    expect(unchanged, 'frames folded by the change score').toBeGreaterThan(0);
    const kept = ids.length - unchanged;
    const captures = `${kept} capture${kept === 1 ? '' : 's'}`;
    await expect(count).toHaveText(new RegExp(` of ${captures}$`));
    const named: string[] = [];
    for (let k = 1; k <= kept; k++) {
      await timelapse.getByRole('slider', { name: 'Capture' }).fill(String(k));
      await expect(count).toHaveText(`${k} of ${captures}`);
      named.push(...((await caption.textContent()) ?? '').split(/[\s,()]+/).filter((word) => ids.includes(word)));
    }
    expect(named[0]).toBe(ids[0]);
    expect(named.sort()).toEqual([...ids].sort());
    await timelapse.getByRole('checkbox', { name: 'Only captures where this place changed' }).uncheck();
    await expect(count).toHaveText(new RegExp(` of ${ids.length} captures$`));
    await timelapse.getByRole('button', { name: 'Close timelapse' }).click();
    await expect.poll(frameTiles).toBe('');
    // The timeline's bar opens it too.
    await page.getByRole('button', { name: 'Timeline' }).click();
    await page.getByRole('region', { name: 'Timeline' }).getByRole('button', { name: 'Timelapse' }).click();
    await expect(timelapse.getByTestId('timelapse-caption')).toContainText(ids[0]);
  },
);

/**
 * Signs in at `origin` (an API key, or the gateway's access key) and opens the timelapse over Denver at z15 (`hash`:
 * more of the link, e.g. a selected survey).
 */
async function timelapseAt(page: Page, origin: string, signIn: () => Promise<void>, hash = '') {
  await page.goto(`${origin}/?e2e#map=${MAP_ZOOM}/${DENVER[1]}/${DENVER[0]}${hash}`);
  await signIn();
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toHaveCount(0);
  await page.getByRole('group', { name: 'Map layers and usage' }).getByRole('button', { name: 'Timelapse' }).click();
  const timelapse = page.getByRole('region', { name: 'Timelapse' });
  await expect(timelapse.getByTestId('timelapse-caption')).toBeVisible({ timeout: 30_000 });
  const count = Number(
    /of (\d+) captures/.exec((await timelapse.getByRole('status').first().textContent()) ?? '')?.[1],
  );
  expect(count).toBeGreaterThanOrEqual(3);
  return { timelapse, count };
}

test('Timelapse with an API key, provider profile: its tile metadata read, a GIF with no key @readme', async ({
  page,
  request,
}) => {
  const origin = `http://127.0.0.1:${PORTS.provider}`;
  const issued = await request.post(`${origin}/oauth/static_key`, {
    data: { client_id: DEMO.clientId, client_secret: DEMO.clientSecret },
  });
  const apiKey: string = (await issued.json()).api_key;
  const { timelapse, count } = await timelapseAt(page, origin, async () => {
    await page.getByRole('tab', { name: 'API key' }).click();
    await page.getByRole('textbox', { name: 'API key' }).fill(apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
  });
  await timelapse.getByRole('button', { name: 'Export video' }).click();
  const exporter = timelapse.getByRole('region', { name: 'Export video' });
  await exporter.getByRole('radio', { name: 'GIF' }).check();
  await exporter.getByLabel('Frame duration').selectOption('1000');
  await exporter.getByLabel('Title').fill('Central Denver');
  await exporter.getByLabel('Scale bar').check();
  const downloading = page.waitForEvent('download', { timeout: 120_000 });
  await exporter.getByRole('button', { name: `Export ${count} frames` }).click();
  const file = 'test-results/timelapse-provider.gif';
  await (await downloading).saveAs(file);
  const { probe } = readVideo(file);
  expect([probe.codec_name, probe.width, probe.height]).toEqual(['gif', 1280, 720]);
  expect(Number(probe.nb_read_frames)).toBe(count);
  const bytes = readFileSync(file).toString('latin1');
  expect(bytes).not.toContain(apiKey);
  expect(bytes).not.toContain('api_key');
  // The README shows this GIF as it was exported.
  if (process.env.UPDATE_SCREENSHOTS === '1') copyFileSync(file, 'docs/screenshots/timelapse.gif');
});

test('Timelapse through the gateway to the provider profile (session cookie)', async ({ page }) => {
  const origin = `http://127.0.0.1:${PORTS.gatewayProvider}`;
  // With the newest survey selected (its imagery hidden while the frames play), as the walk that found it had it.
  const { timelapse } = await timelapseAt(
    page,
    origin,
    async () => {
      const signIn = page.getByRole('dialog', { name: 'Sign in' });
      await signIn.getByLabel('Access key').fill(GATEWAY_ACCESS_KEY);
      await signIn.getByRole('button', { name: 'Sign in' }).click();
    },
    `&survey=${SELECTED}`,
  );
  await expect(page.getByRole('region', { name: 'Selected survey' })).toContainText(SELECTED);
  // The capture readout names the oldest capture's survey, the frame drawn, and not the selected one.
  const shown = (await timelapse.getByTestId('timelapse-caption').locator('strong').textContent())!;
  expect(shown).not.toBe(SELECTED);
  await expect(page.getByTestId('capture-timelapse')).toContainText(`${shown} (timelapse frame)`);
  await expect(page.getByTestId('capture-survey')).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(() => {
        const source = window.__surveyViewer!.map.getSource('timelapse-frame') as { tiles?: string[] } | undefined;
        return source?.tiles?.[0] ?? '';
      }),
    )
    .toContain(`${origin}/tile/v2/`);
  await mapSettled(page);
});
