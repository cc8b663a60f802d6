import { describe, expect, it } from 'vitest';
import { fileStamp, formatUtcDateTime, isoMinute } from './date-format.ts';

describe('UTC forms, which no locale changes', () => {
  it('writes day/month/year and the 24-hour time, padded', () => {
    expect(formatUtcDateTime(new Date('2024-03-02T21:05:09Z'))).toBe('02/03/2024, 21:05:09');
    expect(formatUtcDateTime(new Date('2024-12-31T00:00:00Z'))).toBe('31/12/2024, 00:00:00');
  });

  it('stamps file names and reads an instant to the minute', () => {
    expect(fileStamp(new Date('2025-03-12T09:10:00.456Z'))).toBe('20250312-091000');
    expect(isoMinute('2024-03-14T17:15:42Z')).toBe('2024-03-14 17:15');
  });
});
