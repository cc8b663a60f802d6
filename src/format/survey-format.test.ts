import { describe, expect, it } from 'vitest';
import {
  describeSpectralRange,
  formatCaptureWindow,
  formatCaptureWindowUtc,
  formatDuration,
  UNKNOWN_WINDOW,
} from './survey-format.ts';

describe('survey formatting', () => {
  it('formats a window in UTC and its duration', () => {
    expect(formatCaptureWindowUtc('2024-03-12T09:10:00Z', '2024-03-12T11:45:00Z')).toBe(
      '12/03/2024, 09:10:00 – 12/03/2024, 11:45:00 UTC',
    );
    expect(formatDuration('2024-03-12T09:10:00Z', '2024-03-12T11:45:00Z')).toBe('2 h 35 min');
  });

  it('says so, instead of throwing, when the dates are not known', () => {
    expect(formatCaptureWindow('', '')).toBe(UNKNOWN_WINDOW);
    expect(formatCaptureWindowUtc('', '2024-01-01T00:00:00Z')).toBe(UNKNOWN_WINDOW);
    expect(formatDuration('', '')).toBe('—');
  });
});

describe('describeSpectralRange', () => {
  it('names the provider\'s "visible" as RGB and explains it', () => {
    expect(describeSpectralRange('visible')).toEqual({
      short: 'RGB',
      long: 'Spectral range: visible light (red, green, blue), natural colour',
    });
    expect(describeSpectralRange('NIR').short).toBe('NIR');
  });

  it('keeps a range it does not know, labelled as a spectral range', () => {
    expect(describeSpectralRange('thermal')).toEqual({ short: 'thermal', long: 'Spectral range: thermal' });
  });
});
