import { describe, expect, it } from 'vitest';
import { captureSide } from '../catalog/compared-imagery.ts';
import { compareStore } from './compare-store.ts';

const CAPTURE = '20230806T150500_20230809T103300_20230812T233300_02310103010320';

describe('the comparison', () => {
  it('compares an older capture with the newest imagery of its survey', () => {
    compareStore.getState().captureCompared('S1', captureSide('S1', CAPTURE));
    expect(compareStore.getState()).toMatchObject({ a: 'S1', b: `S1/${CAPTURE}`, active: true });
    compareStore.getState().compareClosed();
  });
});
