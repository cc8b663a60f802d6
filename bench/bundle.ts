/**
 * 6. Bundle: gzip size of the JS loaded before first paint against MapLibre's own size. Goal ≤ floor + 120 KB, drawing
 * and export code lazy.
 */
import { measureBundle } from './bundle-size.ts';
import { VIEWER_DIR } from './lib/build.ts';
import { fmtRatio, type BenchContext, type BenchResult } from './lib/result.ts';
import { kb } from './lib/stats.ts';

export async function bundleBench(ctx: BenchContext): Promise<BenchResult> {
  const r = measureBundle(VIEWER_DIR);
  const over = r.initialGzip - r.floorGzip;
  const ratio = r.initialGzip / r.floorGzip;
  const top = r.topContributors.map((c) => `${c.owner} ${kb(c.bytes)}`).join(', ');
  ctx.log(
    `  before first paint: ${r.initialFiles.join(', ')} = ${kb(r.initialGzip)} gzip (${kb(r.initialRaw)} ` +
      `minified); floor ${kb(r.floorGzip)}; over floor ${kb(over)} of ${kb(r.budget - r.floorGzip)} allowed`,
  );
  ctx.log(
    `  lazy: ${r.lazyFiles.length} chunks, ${kb(r.lazyGzip)} gzip; eager code that should be lazy: ` +
      `${r.eagerButShouldBeLazy.join(', ') || 'none'}`,
  );
  ctx.log(`  largest in the initial JS (minified): ${top}`);
  return {
    id: 'bundle',
    title: '6. Bundle',
    figure: `${kb(r.initialGzip)} gzip before first paint (${r.initialFiles.length} files), floor + ${kb(over)}`,
    baseline: `MapLibre's maplibre-gl.mjs: ${kb(r.floorGzip)} gzip`,
    ratio,
    ratioText:
      `${fmtRatio(ratio)} of the floor; ` +
      `${over <= 120 * 1024 ? `${kb(120 * 1024 - over)} under` : `${kb(over - 120 * 1024)} over`} the budget`,
    goal: '≤ floor + 120 KB; drawing and export lazy',
    met: r.initialGzip <= r.budget && r.eagerButShouldBeLazy.length === 0,
    notes: [
      `initial files: ${r.initialFiles.join(', ')}; lazy: ${r.lazyFiles.length} chunks, ${kb(r.lazyGzip)} gzip ` +
        `(MapLibre's worker loads separately)`,
      `largest in the initial JS (minified bytes): ${top}`,
      `drawing/import/export code in the initial JS: ${r.eagerButShouldBeLazy.join(', ') || 'none'}`,
    ],
    data: { ...r },
  };
}
