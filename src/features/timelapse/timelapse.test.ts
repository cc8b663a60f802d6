import { formatCaptureDays } from '../../format/date-format.ts';
import { describe, expect, it } from 'vitest';
import type { TileMetadataItem } from '../../../core/wire/model.ts';
import { captureDate } from './frame-caption.ts';
import { type SurveyInView, timelapseFrames, type TimelapseSurvey } from './timelapse-frames.ts';
import { timelapseView } from './timelapse-view.ts';
import { videoSize } from './video-size.ts';

const survey = (id: string, captureStart: string, cloudCover: number | null = 0): TimelapseSurvey => ({
  id,
  captureStart,
  captureEnd: captureStart,
  cloudCover,
  bounds: [-105, 39, -104, 40],
});

const tile = (x: number, captureId: string | null, captureStart: string, percentCovered = 100): TileMetadataItem => ({
  z: 16,
  x,
  y: 100,
  url: '',
  extent: null,
  captureId,
  captureStart,
  captureEnd: captureStart,
  publishedDate: null,
  resolution: null,
  fileFormat: null,
  percentCovered,
});

const inView = (s: TimelapseSurvey, tiles: TileMetadataItem[]): SurveyInView => ({ survey: s, tiles });

describe('timelapse frames', () => {
  it('lists surveys with imagery in view oldest first, one frame each', () => {
    const a = survey('A', '2023-05-01T10:00:00Z');
    const b = survey('B', '2022-05-01T10:00:00Z');
    const { frames } = timelapseFrames(
      [inView(a, [tile(1, 'a1', a.captureStart)]), inView(b, [tile(1, 'b1', b.captureStart)])],
      null,
    );
    expect(frames.map((f) => f.survey.id)).toEqual(['B', 'A']);
    expect(frames[0].captures.get('16/1/100')).toBe('b1');
  });

  it('folds a survey whose tiles in view show the same captures as the previous frame', () => {
    const a = survey('A', '2022-01-01T00:00:00Z');
    const b = survey('B', '2023-01-01T00:00:00Z');
    const c = survey('C', '2024-01-01T00:00:00Z');
    const shared = [tile(1, 'x', '2021-06-01T00:00:00Z'), tile(2, 'y', '2021-06-01T00:00:00Z')];
    const { frames } = timelapseFrames(
      [inView(a, shared), inView(b, shared), inView(c, [...shared, tile(3, 'c', c.captureStart)])],
      null,
    );
    expect(frames.map((f) => [f.survey.id, f.folded.map((s) => s.id)])).toEqual([
      ['A', ['B']],
      ['C', []],
    ]);
  });

  it('takes each tile’s newest capture (a re-flown patch) and drops tiles with no imagery', () => {
    const a = survey('A', '2022-01-01T00:00:00Z');
    const { frames, withoutImagery } = timelapseFrames(
      [
        inView(a, [
          tile(1, 'old', '2022-01-01T00:00:00Z'),
          tile(1, 'new', '2023-03-01T00:00:00Z'),
          tile(2, 'e', '', 0),
        ]),
        inView(survey('Z', '2021-01-01T00:00:00Z'), [tile(5, 'z', '2021-01-01T00:00:00Z', 0)]),
      ],
      null,
    );
    expect([...frames[0].captures]).toEqual([['16/1/100', 'new']]);
    expect(withoutImagery.map((s) => s.id)).toEqual(['Z']);
  });

  it('leaves out surveys over the cloud limit, and those that publish none while a limit is set', () => {
    const clear = survey('CLEAR', '2022-01-01T00:00:00Z', 5);
    const cloudy = survey('CLOUDY', '2023-01-01T00:00:00Z', 40);
    const unknown = survey('UNKNOWN', '2024-01-01T00:00:00Z', null);
    const all = [clear, cloudy, unknown].map((s) => inView(s, [tile(1, s.id, s.captureStart)]));
    expect(timelapseFrames(all, null).frames).toHaveLength(3);
    const limited = timelapseFrames(all, 10);
    expect(limited.frames.map((f) => f.survey.id)).toEqual(['CLEAR']);
    expect(limited.cloudy.map((s) => s.id)).toEqual(['CLOUDY', 'UNKNOWN']);
  });
});

describe('timelapse view and video size', () => {
  it('asks about the view at the tile zoom the map draws, or says it is too far out', () => {
    expect(timelapseView([-105, 39.7, -104.9, 39.8], 12)).toEqual({ kind: 'too-far', tileZoom: 13 });
    const at = timelapseView([-105.000001, 39.7, -104.9, 39.8], 15);
    expect(at).toEqual({
      kind: 'view',
      view: { wkt: expect.stringContaining('POLYGON'), tileZoom: 16, centre: [-104.95, 39.75] },
    });
  });

  it("keeps the map's size (even), or shows the largest 16:9 box of the map on screen at the video's size", () => {
    expect(videoSize('map', { width: 1101, height: 801 })).toEqual({
      width: 1100,
      height: 800,
      css: { width: 1100, height: 800 },
      pixelRatio: 1,
    });
    const hd = videoSize('1080p', { width: 960, height: 540 });
    expect(hd).toMatchObject({ width: 1920, height: 1080, pixelRatio: 2, css: { width: 960, height: 540 } });
    // The walk that found it: a square-ish map's 16:9 video showed ground left and right of the screen's. The box now
    // takes the map's whole width and lies within its height; on a wide map, its whole height.
    for (const map of [
      { width: 900, height: 860 },
      { width: 1400, height: 860 },
      { width: 390, height: 700 },
    ])
      for (const choice of ['720p', '1080p'] as const) {
        const { width, height, css, pixelRatio } = videoSize(choice, map);
        expect(css.width).toBeLessThanOrEqual(map.width);
        expect(css.height).toBeLessThanOrEqual(map.height);
        expect(css.width === map.width || css.height === map.height).toBe(true);
        expect(css.width / css.height).toBeCloseTo(16 / 9, 1);
        expect(css.width * pixelRatio).toBeCloseTo(width, 6);
        expect(Math.abs(css.height * pixelRatio - height)).toBeLessThan(pixelRatio);
      }
  });

  it('captions a capture under the player by its day, or first and last day, as the app writes capture days', () => {
    const [start, end] = ['2025-09-14T16:00:00Z', '2025-09-20T19:00:00Z'];
    expect(captureDate({ captureStart: start, captureEnd: '2025-09-14T19:00:00Z' })).toBe(formatCaptureDays(start));
    expect(captureDate({ captureStart: start, captureEnd: end })).toBe(formatCaptureDays(start, end));
  });
});
