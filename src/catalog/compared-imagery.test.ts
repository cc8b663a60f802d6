import { describe, expect, it } from 'vitest';
import { captureSide, parseSide } from './compared-imagery.ts';

const CAPTURE = '20230806T150500_20230809T103300_20230812T233300_02310103010320';

describe('compared sides', () => {
  it('reads a survey id as the survey, and "survey/capture" as that capture within its zoom-14 tile', () => {
    expect(parseSide('2023-P01-CO-DEN')).toEqual({ surveyId: '2023-P01-CO-DEN', capture: null });
    const side = parseSide(captureSide('2023-P01-CO-DEN', CAPTURE));
    expect(side.surveyId).toBe('2023-P01-CO-DEN');
    expect(side.capture).toMatchObject({ id: CAPTURE, tile: { z: 14, x: 3412, y: 6214 } });
    expect(side.capture?.captureStart).toMatch(/^2023-08-06T15:05:00/);
    // Not a capture id: the survey's imagery.
    expect(parseSide('S1/garbage')).toEqual({ surveyId: 'S1', capture: null });
  });
});
