import { describe, expect, it } from 'vitest';
import { snapSheet, stepSheet } from './sheet-snap.ts';

const VIEWPORT = 844;

describe("dragging the phone sheet's handle", () => {
  it('settles at the nearest of collapsed, half and full', () => {
    expect(snapSheet('half', 700, -278, VIEWPORT)).toBe('full');
    expect(snapSheet('full', 150, 600, VIEWPORT)).toBe('collapsed');
    expect(snapSheet('collapsed', 400, -308, VIEWPORT)).toBe('half');
  });

  it('a short drag that ends nearer the start moves one step the way it went; a tiny one stays', () => {
    expect(snapSheet('half', 422 + 60, -60, VIEWPORT)).toBe('full');
    expect(snapSheet('half', 422 - 60, 60, VIEWPORT)).toBe('collapsed');
    expect(snapSheet('half', 422 - 20, 20, VIEWPORT)).toBe('half');
  });

  it('steps up and down, staying at the ends', () => {
    expect(stepSheet('collapsed', 'up')).toBe('half');
    expect(stepSheet('full', 'up')).toBe('full');
    expect(stepSheet('collapsed', 'down')).toBe('collapsed');
  });
});
