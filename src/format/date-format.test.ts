import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  fileStamp,
  formatAge,
  formatCaptureDays,
  formatDateTime,
  formatDay,
  formatLocalDate,
  formatUtcDateTime,
  isoDay,
  isoMinute,
  utcCaptureDays,
  utcWindow,
} from './date-format.ts';

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

describe('one form for each kind of date', () => {
  it('writes a capture day, a chosen day and a moment in the user’s locale', () => {
    const day = formatLocalDate(new Date('2025-09-14T16:00:00Z'));
    expect(formatCaptureDays('2025-09-14T16:00:00Z', '2025-09-14T19:00:00Z')).toBe(day);
    expect(formatCaptureDays('2025-09-14T16:00:00Z', '2025-09-20T19:00:00Z')).toBe(
      `${day} – ${formatLocalDate(new Date('2025-09-20T19:00:00Z'))}`,
    );
    expect(formatDay('2024-06-01')).toBe(formatLocalDate(new Date(2024, 5, 1)));
    expect(formatDateTime('2024-06-01T00:00:00Z')).toMatch(/2024/);
    expect(formatDateTime(null)).toBe('—');
  });

  it('says how long ago in years and months, days under a month', () => {
    const now = new Date('2026-11-28T07:00:00Z');
    expect(formatAge('2025-04-18T16:00:00Z', now)).toBe('1 year 7 months');
    expect(formatAge('2024-11-28T06:00:00Z', now)).toBe('2 years');
    expect(formatAge('2026-11-20T00:00:00Z', now)).toBe('8 days');
    expect(formatAge('2026-10-01T00:00:00Z', now)).toBe('1 month');
  });

  it('writes UTC days and windows for files and documents', () => {
    expect(isoDay('2024-03-14T17:15:42Z')).toBe('2024-03-14');
    expect(utcCaptureDays('2025-01-08T10:00:00Z', '2025-01-10T12:00:00Z')).toBe('2025-01-08 – 2025-01-10');
    expect(utcCaptureDays('2025-01-08T10:00:00Z', '2025-01-08T12:00:00Z')).toBe('2025-01-08');
    expect(utcWindow('2024-03-14T17:15:00Z', '2024-03-14T18:40:00Z')).toBe('2024-03-14 17:15 – 18:40 UTC');
    expect(utcWindow('2024-03-14T17:15:00Z', '2024-03-15T08:00:00Z')).toBe('2024-03-14 17:15 – 2024-03-15 08:00 UTC');
    expect(utcWindow('2024-03-14T17:15:00Z', null)).toBe('2024-03-14 17:15 UTC');
  });

  // The walk that found it: one panel wrote "6/1/2024, 12:00:00 AM", "2024-06-01" and "Jun 3, 2025".
  it('is the only place in the viewer that formats a date', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const handMade = /toLocaleDateString|toLocaleTimeString|Intl\.DateTimeFormat|\.slice\((0, (10|16|19)|11, 16)\)/;
    const dateToLocale = /(Date\([^)]*\)|[dD]ate|iso|Iso)\)?\.toLocaleString\(/;
    const found = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('date-format.ts'))
      .flatMap((file) =>
        readFileSync(path.join(root, file), 'utf8')
          .split('\n')
          .map((line, i) => `${file}:${i + 1}: ${line.trim()}`)
          .filter((line) => handMade.test(line) || dateToLocale.test(line)),
      );
    expect(found).toEqual([]);
  });
});
