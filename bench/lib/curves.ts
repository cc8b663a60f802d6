/** Cost against work: the growth exponent of a curve, its table, and a small log-log plot (bench/scale.ts). */

export interface CurvePoint {
  work: number;
  cost: number;
}

/**
 * The exponent k of cost ∝ work^k: the least-squares slope of ln(cost) on ln(work). 1 is linear, 0 flat; NaN with
 * fewer than two distinct amounts of work or a cost that is not positive.
 */
export function growthExponent(points: readonly CurvePoint[]): number {
  if (points.some((p) => !(p.cost > 0) || !(p.work > 0))) return Number.NaN;
  const xs = points.map((p) => Math.log(p.work));
  const ys = points.map((p) => Math.log(p.cost));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < xs.length; i++) {
    sxx += (xs[i] - mx) ** 2;
    sxy += (xs[i] - mx) * (ys[i] - my);
  }
  return sxx === 0 ? Number.NaN : sxy / sxx;
}

/**
 * The cost at `work` on the straight line (cost = fixed + per-unit × work) through the curve's two largest points: for
 * a goal stated beyond them. A fixed part (a process's start, its base memory) makes a power-law fit of two points
 * understate what the next decade costs; the line does not.
 */
export function linearAt(points: readonly CurvePoint[], work: number): number {
  const [a, b] = [...points].sort((p, q) => q.work - p.work);
  if (!b || a.work === b.work) return Number.NaN;
  return a.cost + ((a.cost - b.cost) / (a.work - b.work)) * (work - a.work);
}

/** A GitHub-flavoured Markdown table; `|` in a cell is escaped. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export interface PlottedCurve {
  name: string;
  points: readonly CurvePoint[];
}

const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#e377c2', '#17becf'];
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A log-log plot of each curve relative to its first point (work ÷ first work against cost ÷ first cost), with the
 * flat (k = 0) and linear (k = 1) lines for reference: one picture for curves of different units.
 */
export function curvesSvg(
  curves: readonly PlottedCurve[],
  { width = 560, height = 340, title = 'Cost against work' } = {},
): string {
  // The legend's width from its longest name (~6.2 px a character at 11 px).
  const legend = 40 + 6.2 * Math.max(0, ...curves.map((c) => c.name.length));
  const margin = { left: 52, right: legend, top: 16, bottom: 40 };
  const relative = curves
    .filter((c) => c.points.length > 0)
    .map((c) => {
      const [first] = c.points;
      return { name: c.name, points: c.points.map((p) => ({ x: p.work / first.work, y: p.cost / first.cost })) };
    });
  const xs = relative.flatMap((c) => c.points.map((p) => p.x));
  const ys = relative.flatMap((c) => c.points.map((p) => p.y));
  // Whole decades, so that the last tick is drawn.
  const xMax = 10 ** Math.ceil(Math.log10(Math.max(10, ...xs)));
  const yMin = Math.min(0.5, ...ys);
  const yMax = Math.max(xMax, ...ys);
  const lx = (x: number) => margin.left + (Math.log10(x) / Math.log10(xMax)) * (width - margin.left - margin.right);
  const plotH = height - margin.top - margin.bottom;
  const ly = (y: number) =>
    margin.top + plotH - ((Math.log10(y) - Math.log10(yMin)) / (Math.log10(yMax) - Math.log10(yMin))) * plotH;
  const f = (v: number) => v.toFixed(1);
  const ticks = (lo: number, hi: number) => {
    const out: number[] = [];
    for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++)
      if (10 ** e >= lo && 10 ** e <= hi) out.push(10 ** e);
    return out;
  };
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
      `font-family="sans-serif" font-size="11" role="img">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
  ];
  for (const t of ticks(1, xMax))
    parts.push(
      `<line x1="${f(lx(t))}" y1="${margin.top}" x2="${f(lx(t))}" y2="${margin.top + plotH}" stroke="#eee"/>`,
      `<text x="${f(lx(t))}" y="${height - margin.bottom + 14}" text-anchor="middle">${t}×</text>`,
    );
  for (const t of ticks(yMin, yMax))
    parts.push(
      `<line x1="${margin.left}" y1="${f(ly(t))}" x2="${f(lx(xMax))}" y2="${f(ly(t))}" stroke="#eee"/>`,
      `<text x="${margin.left - 6}" y="${f(ly(t) + 4)}" text-anchor="end">${t}×</text>`,
    );
  parts.push(
    `<text x="${f((margin.left + lx(xMax)) / 2)}" y="${height - 6}" text-anchor="middle">work (× the smallest)</text>`,
    `<text transform="translate(12 ${f(margin.top + plotH / 2)}) rotate(-90)" text-anchor="middle">cost ` +
      `(× its value at the smallest)</text>`,
    `<line x1="${f(lx(1))}" y1="${f(ly(1))}" x2="${f(lx(xMax))}" y2="${f(ly(xMax))}" stroke="#999" ` +
      `stroke-dasharray="4 3"/>`,
    `<text x="${f(lx(xMax) - 4)}" y="${f(ly(xMax) + 12)}" text-anchor="end" fill="#777">linear</text>`,
    `<line x1="${f(lx(1))}" y1="${f(ly(1))}" x2="${f(lx(xMax))}" y2="${f(ly(1))}" stroke="#999" ` +
      `stroke-dasharray="1 3"/>`,
    `<text x="${f(lx(xMax) - 4)}" y="${f(ly(1) - 4)}" text-anchor="end" fill="#777">flat</text>`,
  );
  relative.forEach((c, i) => {
    const colour = COLOURS[i % COLOURS.length];
    const path = c.points.map((p) => `${f(lx(p.x))},${f(ly(p.y))}`).join(' ');
    parts.push(`<polyline points="${path}" fill="none" stroke="${colour}" stroke-width="2"/>`);
    for (const p of c.points) parts.push(`<circle cx="${f(lx(p.x))}" cy="${f(ly(p.y))}" r="3" fill="${colour}"/>`);
    const legendY = margin.top + 8 + i * 16;
    parts.push(
      `<line x1="${width - margin.right + 12}" y1="${legendY}" x2="${width - margin.right + 28}" y2="${legendY}" ` +
        `stroke="${colour}" stroke-width="2"/>`,
      `<text x="${width - margin.right + 32}" y="${legendY + 4}">${escapeXml(c.name)}</text>`,
    );
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
