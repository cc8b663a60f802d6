import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import type { TileImageRequest } from '../../api/tile-images.ts';
import { TILE_SIZE } from '../../../core/geo/tile-address.ts';
import type { ChangePair } from './change-pair.ts';
import { ChangeResults, PAIR_STATUS } from './change-results.ts';
import { runChanges } from './change-run.ts';
import { OBSCURED } from './obscured-cells.ts';

const pair = (x: number, before: string, after: string): ChangePair => ({
  z: 17,
  x,
  y: 50_000,
  before: { surveyId: before, captureId: null, date: '2024-01-15T16:00:00Z' },
  after: { surveyId: after, captureId: null, date: '2024-07-15T16:00:00Z' },
});

/** Tiles as "bytes" naming a flat colour; decoding paints it (a cloud-white tile for "cloud"). */
function service(tiles: Record<string, string | null | Error>) {
  const requests: TileImageRequest[] = [];
  const decode = vi.fn(async (image: Uint8Array) => {
    const name = new TextDecoder().decode(image);
    const [r, g, b] = name === 'cloud' ? [240, 242, 246] : name === 'dark' ? [40, 50, 40] : [120, 130, 90];
    const rgba = new Uint8ClampedArray(TILE_SIZE * TILE_SIZE * 4);
    for (let p = 0; p < rgba.length; p += 4) {
      const texture = ((p >> 2) * 2654435761) % 17;
      rgba.set([r + texture, g + texture, b + texture, 255], p);
    }
    return rgba;
  });
  const fetchTile = async (tile: TileImageRequest) => {
    requests.push(tile);
    const answer = tiles[`${tile.surveyId}/${tile.x}`];
    if (answer instanceof Error) throw answer;
    return answer === null || answer === undefined ? null : new TextEncoder().encode(answer);
  };
  return { requests, decode, deps: { fetchTile, decode, sleep: async () => {} } };
}

async function run(pairs: ChangePair[], deps: Parameters<typeof runChanges>[0], signal = new AbortController().signal) {
  const results = new ChangeResults(pairs.length);
  const ended: number[] = [];
  let requests = 0;
  await runChanges(deps, {
    pairs,
    results,
    concurrency: 2,
    maxRetries: 1,
    signal,
    onPair: (i) => ended.push(i),
    onRequest: () => requests++,
  });
  return { results, ended, requests };
}

describe('a change run', () => {
  it('scores byte-identical tiles 0 without decoding them', async () => {
    const { deps, decode } = service({ 'A/1': 'plain', 'B/1': 'plain' });
    const { results, requests } = await run([pair(1, 'A', 'B')], deps);
    expect(decode).not.toHaveBeenCalled();
    expect(requests).toBe(2);
    expect(results.status[0]).toBe(PAIR_STATUS.identical);
    expect(results.summary([0])).toMatchObject({ verdict: 'unchanged', score: 0 });
  });

  it('scores different tiles, keeps a pair without imagery and a failed one, and ends every pair', async () => {
    const { deps, decode, requests } = service({
      'A/1': 'plain',
      'B/1': 'dark',
      'A/2': 'plain',
      'B/2': 'cloud',
      'A/3': 'plain',
      'B/3': null,
      'A/4': 'plain',
      'B/4': new ApiError(503, 'unavailable', 'Try later.', 'corr-503'),
    });
    const pairs = [pair(1, 'A', 'B'), pair(2, 'A', 'B'), pair(3, 'A', 'B'), pair(4, 'A', 'B')];
    const { results, ended } = await run(pairs, deps);
    expect(decode).toHaveBeenCalledTimes(4);
    expect(ended.sort()).toEqual([0, 1, 2, 3]);
    expect([...results.status]).toEqual([
      PAIR_STATUS.scored,
      PAIR_STATUS.scored,
      PAIR_STATUS.noImagery,
      PAIR_STATUS.failed,
    ]);
    expect([...results.obscuredCells(1)].every((reason) => reason === OBSCURED.cloud)).toBe(true);
    expect(results.summary([1]).verdict).toBe('obscured');
    expect(results.summary([2]).verdict).toBe('obscured');
    expect(results.explain(3, pairs[3])).toMatchObject({
      status: PAIR_STATUS.failed,
      failure: { status: 503, message: 'Try later.', correlationId: 'corr-503' },
    });
    // The failed side was asked again once (maxRetries 1).
    expect(requests.filter((tile) => tile.surveyId === 'B' && tile.x === 4)).toHaveLength(2);
  });

  it('stops at once when aborted', async () => {
    const { deps } = service({ 'A/1': 'plain', 'B/1': 'dark' });
    const controller = new AbortController();
    controller.abort(new DOMException('Cancelled.', 'AbortError'));
    await expect(run([pair(1, 'A', 'B')], deps, controller.signal)).rejects.toThrow('Cancelled.');
  });
});
