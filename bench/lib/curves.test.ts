import { describe, expect, it } from 'vitest';
import { curvesSvg, growthExponent, linearAt, markdownTable } from './curves.ts';

describe('growthExponent', () => {
  it('is the power of a power law', () => {
    expect(
      growthExponent([
        { work: 1e4, cost: 2 },
        { work: 1e5, cost: 20 },
        { work: 1e6, cost: 200 },
      ]),
    ).toBeCloseTo(1);
    expect(
      growthExponent([
        { work: 1e3, cost: 5 },
        { work: 1e4, cost: 5 },
      ]),
    ).toBeCloseTo(0);
    expect(
      growthExponent([
        { work: 10, cost: 1 },
        { work: 1000, cost: 100 },
      ]),
    ).toBeCloseTo(1);
    expect(
      growthExponent([
        { work: 2, cost: 4 },
        { work: 4, cost: 16 },
        { work: 8, cost: 64 },
      ]),
    ).toBeCloseTo(2);
  });

  it('fits noisy points by least squares', () => {
    const k = growthExponent([
      { work: 1, cost: 1 },
      { work: 10, cost: 12 },
      { work: 100, cost: 95 },
    ]);
    expect(k).toBeGreaterThan(0.95);
    expect(k).toBeLessThan(1.02);
  });

  it('is NaN without two amounts of work or with a cost of zero', () => {
    expect(growthExponent([{ work: 10, cost: 1 }])).toBeNaN();
    expect(
      growthExponent([
        { work: 10, cost: 1 },
        { work: 10, cost: 2 },
      ]),
    ).toBeNaN();
    expect(
      growthExponent([
        { work: 10, cost: 0 },
        { work: 100, cost: 2 },
      ]),
    ).toBeNaN();
  });
});

describe('linearAt', () => {
  it('continues the straight line through the two largest points', () => {
    expect(
      linearAt(
        [
          { work: 1e4, cost: 250 },
          { work: 1e5, cost: 400 },
        ],
        1e6,
      ),
    ).toBeCloseTo(1900);
    expect(
      linearAt(
        [
          { work: 1e5, cost: 3 },
          { work: 1e3, cost: 99 },
          { work: 1e4, cost: 3 },
        ],
        1e6,
      ),
    ).toBeCloseTo(3);
  });

  it('is NaN without two amounts of work', () => {
    expect(linearAt([{ work: 1e4, cost: 3 }], 1e6)).toBeNaN();
  });
});

describe('markdownTable', () => {
  it('writes a header, a rule and the rows, escaping pipes', () => {
    expect(markdownTable(['a', 'b'], [['1', 'x|y']])).toBe('| a | b |\n| --- | --- |\n| 1 | x\\|y |');
  });
});

describe('curvesSvg', () => {
  it('draws each curve with a legend entry and escapes names', () => {
    const svg = curvesSvg([
      {
        name: 'RSS <MB>',
        points: [
          { work: 1e4, cost: 100 },
          { work: 1e5, cost: 600 },
        ],
      },
      {
        name: 'list p99',
        points: [
          { work: 1e4, cost: 2 },
          { work: 1e5, cost: 2.2 },
        ],
      },
    ]);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.match(/<polyline /g)).toHaveLength(2);
    expect(svg).toContain('RSS &lt;MB&gt;');
    expect(svg).not.toContain('NaN');
  });
});
