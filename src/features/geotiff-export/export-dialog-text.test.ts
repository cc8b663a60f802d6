import { describe, expect, it } from 'vitest';
import { blockedText, captureDateText, cloudText, refusalText } from './export-dialog-text.ts';
import { formatCaptureDays } from '../../format/date-format.ts';

describe('the GeoTIFF dialog’s words', () => {
  it('says why Download is disabled, whatever the reason', () => {
    expect(blockedText({ kind: 'ready' })).toBeNull();
    expect(blockedText({ kind: 'over-cap', zoom: 14 })).toBe('Over 10,000 tiles even at z14: draw a smaller area.');
    expect(blockedText({ kind: 'over-cap', zoom: 20 })).toBe('Over 10,000 tiles at z20: choose a lower zoom.');
    expect(blockedText({ kind: 'refused', refusal: { kind: 'empty', overCloudLimit: 3 } })).toBe(
      'All the imagery here is over the cloud limit.',
    );
    for (const kind of ['no-imagery', 'reading-resolution', 'list-failed'] as const)
      expect(blockedText({ kind })).toMatch(/\w/);
  });

  it('tells the user to draw a smaller area only where no lower zoom is left', () => {
    const over = { kind: 'overCap' as const, count: { count: 10_000, overCap: true } };
    expect(refusalText(over, 14)).toMatch(/^More than 10,000 tiles at z14: .* draw a smaller area\.$/);
    expect(refusalText(over, 19)).toMatch(/Choose a lower zoom or a smaller area\.$/);
    expect(refusalText({ kind: 'empty', overCloudLimit: 12 }, 18)).toContain('only surveys over the cloud limit');
  });

  it('writes capture dates as the app writes capture days, and an unknown cloud cover as unknown', () => {
    const [start, end] = ['2024-07-05T18:04:00Z', '2024-07-09T01:00:00Z'];
    expect(captureDateText({ captureStart: start, captureEnd: start })).toBe(formatCaptureDays(start));
    expect(captureDateText({ captureStart: start, captureEnd: end })).toBe(formatCaptureDays(start, end));
    expect(captureDateText({ captureStart: '', captureEnd: '' })).toBe('not published');
    expect([cloudText(0), cloudText(39.8), cloudText(null)]).toEqual(['0 %', '39.8 %', 'not published']);
  });
});
