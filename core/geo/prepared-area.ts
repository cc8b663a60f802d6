/**
 * An area of interest prepared for many "does this footprint share a point with it?" questions.
 *
 * Testing each candidate with turf's booleanIntersects costs O(area vertices) per candidate (it
 * recomputes the area's bounding box and walks every edge), so one detailed area (thousands of
 * vertices) against a thousand candidates took hundreds of milliseconds. Here the area is indexed
 * once per query on a uniform grid over its bounding box:
 *
 * - every cell an edge passes through is a *boundary* cell and lists those edges;
 * - every other cell lies wholly inside or wholly outside the area (decided by the even-odd rule
 *   along the row's centre line), and summed-area tables answer "is this box all inside / all
 *   outside?" in O(1).
 *
 * Most candidates are answered by their bounding box alone. The rest (near the boundary) get the exact
 * test — closed-segment intersection against only the area edges in the cells they pass through,
 * then point-in-polygon both ways — with the same meaning as booleanIntersects: the two share at
 * least one point, edges and holes included.
 */
import type { BBox } from 'geojson';
import { type AreaGeometry, polygonsOf } from './geometry.ts';
import { inRings, segmentMeetsBox, segmentsMeet } from './segments.ts';

export interface PreparedArea {
  readonly bbox: BBox;
  /** Whether the footprint (with bounding box `footprintBbox`) shares at least one point with the area. */
  intersects(footprint: AreaGeometry, footprintBbox: BBox): boolean;
  /**
   * Whether the area holds the whole box: no area edge meets it (one that only touches its border counts) and it is
   * inside. Most boxes are answered by the cells they lie in; near an edge, by that cell's edges.
   */
  holds(box: BBox): boolean;
  /** Whether the point is inside the area (even-odd; a point exactly on an edge may go either way). */
  holdsPoint(x: number, y: number): boolean;
}

const OUTSIDE = 0;
const INSIDE = 1;
const BOUNDARY = 2;

function pointInGeometry(geometry: AreaGeometry, x: number, y: number): boolean {
  return polygonsOf(geometry).some((rings) => inRings(rings, x, y));
}

/**
 * `minCells`: the grid's least number of cells (256 by default); an area asked about only a few times (a small circle
 * tested against a handful of footprints) answers sooner with fewer. The answers are the same either way.
 */
export function prepareArea(area: AreaGeometry, { minCells = 256 }: { minCells?: number } = {}): PreparedArea {
  const polygons = polygonsOf(area);

  // Edges of every ring, as flat coordinates.
  let edgeCount = 0;
  for (const rings of polygons) for (const ring of rings) edgeCount += Math.max(0, ring.length - 1);
  const ex1 = new Float64Array(edgeCount);
  const ey1 = new Float64Array(edgeCount);
  const ex2 = new Float64Array(edgeCount);
  const ey2 = new Float64Array(edgeCount);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let e = 0;
  for (const rings of polygons) {
    for (const ring of rings) {
      for (let i = 0; i < ring.length; i++) {
        const [x, y] = ring[i];
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
        if (i > 0) {
          ex1[e] = ring[i - 1][0];
          ey1[e] = ring[i - 1][1];
          ex2[e] = x;
          ey2[e] = y;
          e++;
        }
      }
    }
  }
  const bbox: BBox = [minX, minY, maxX, maxY];

  // Grid: about two cells per edge (at least `minCells`, at most 128 × 128), shaped like the box.
  const width = Math.max(maxX - minX, 1e-12);
  const height = Math.max(maxY - minY, 1e-12);
  const target = Math.min(16_384, Math.max(minCells, 2 * edgeCount));
  const cols = Math.max(1, Math.min(512, Math.round(Math.sqrt((target * width) / height))));
  const rows = Math.max(1, Math.min(512, Math.round(target / cols)));
  const cellW = width / cols;
  const cellH = height / rows;
  // Cell index ranges are widened by a hair so that points on a cell border count in both cells.
  const slackX = cellW * 1e-9;
  const slackY = cellH * 1e-9;
  const colOf = (x: number) => Math.min(cols - 1, Math.max(0, Math.floor((x - minX) / cellW)));
  const rowOf = (y: number) => Math.min(rows - 1, Math.max(0, Math.floor((y - minY) / cellH)));

  // (cell, edge) pairs: every cell of an edge's box when that is at most 2 cells wide or high (a
  // superset is harmless), else only the cells the segment really passes through.
  const cellCount = cols * rows;
  let pairCells = new Int32Array(Math.max(16, edgeCount * 2));
  let pairEdges = new Int32Array(pairCells.length);
  let pairs = 0;
  const cellStart = new Int32Array(cellCount + 1);
  for (let k = 0; k < edgeCount; k++) {
    const ax = ex1[k];
    const ay = ey1[k];
    const bx = ex2[k];
    const by = ey2[k];
    const c0 = colOf(Math.min(ax, bx) - slackX);
    const c1 = colOf(Math.max(ax, bx) + slackX);
    const r0 = rowOf(Math.min(ay, by) - slackY);
    const r1 = rowOf(Math.max(ay, by) + slackY);
    const narrow = c1 - c0 < 2 || r1 - r0 < 2;
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        if (!narrow) {
          const x0 = minX + c * cellW - slackX;
          const y0 = minY + r * cellH - slackY;
          if (!segmentMeetsBox(ax, ay, bx, by, x0, y0, x0 + cellW + 2 * slackX, y0 + cellH + 2 * slackY)) continue;
        }
        if (pairs === pairCells.length) {
          const grownCells = new Int32Array(pairs * 2);
          grownCells.set(pairCells);
          pairCells = grownCells;
          const grownEdges = new Int32Array(pairs * 2);
          grownEdges.set(pairEdges);
          pairEdges = grownEdges;
        }
        const cell = r * cols + c;
        pairCells[pairs] = cell;
        pairEdges[pairs++] = k;
        cellStart[cell + 1]++;
      }
    }
  }
  // Edges per cell, compressed: cellStart[c] .. cellStart[c + 1] in cellEdges.
  for (let c = 0; c < cellCount; c++) cellStart[c + 1] += cellStart[c];
  const cellEdges = new Int32Array(pairs);
  const fill = cellStart.slice(0, cellCount);
  for (let i = 0; i < pairs; i++) cellEdges[fill[pairCells[i]]++] = pairEdges[i];

  // Cell states: boundary where edges pass; elsewhere the even-odd rule along the row's centre line.
  // An edge crosses the centre lines of rows whose centre y is in [min(y1, y2), max(y1, y2)) (half-open, so a vertex
  // counts once).
  const state = new Uint8Array(cellCount);
  const rowStart = new Int32Array(rows + 1);
  const edgeRow0 = new Int32Array(edgeCount);
  const edgeRow1 = new Int32Array(edgeCount);
  for (let k = 0; k < edgeCount; k++) {
    const lo = Math.min(ey1[k], ey2[k]);
    const hi = Math.max(ey1[k], ey2[k]);
    let r0 = Math.max(0, Math.ceil((lo - minY) / cellH - 0.5));
    let r1 = Math.min(rows - 1, Math.ceil((hi - minY) / cellH - 0.5) - 1);
    // Settle rounding at the ends exactly against the half-open rule.
    while (r0 > 0 && minY + (r0 - 0.5) * cellH >= lo) r0--;
    while (r0 <= r1 && minY + (r0 + 0.5) * cellH < lo) r0++;
    while (r1 + 1 < rows && minY + (r1 + 1.5) * cellH < hi) r1++;
    while (r1 >= r0 && minY + (r1 + 0.5) * cellH >= hi) r1--;
    edgeRow0[k] = r0;
    edgeRow1[k] = r1;
    for (let r = r0; r <= r1; r++) rowStart[r + 1]++;
  }
  for (let r = 0; r < rows; r++) rowStart[r + 1] += rowStart[r];
  const crossings = new Float64Array(rowStart[rows]);
  const rowFill = rowStart.slice(0, rows);
  for (let k = 0; k < edgeCount; k++) {
    for (let r = edgeRow0[k]; r <= edgeRow1[k]; r++) {
      const y = minY + (r + 0.5) * cellH;
      crossings[rowFill[r]++] = ex1[k] + ((y - ey1[k]) * (ex2[k] - ex1[k])) / (ey2[k] - ey1[k]);
    }
  }
  for (let r = 0; r < rows; r++) {
    const xs = crossings.subarray(rowStart[r], rowStart[r + 1]).sort();
    let passed = 0;
    for (let c = 0; c < cols; c++) {
      const cell = r * cols + c;
      const x = minX + (c + 0.5) * cellW;
      while (passed < xs.length && xs[passed] < x) passed++;
      state[cell] = cellStart[cell + 1] > cellStart[cell] ? BOUNDARY : passed % 2 === 1 ? INSIDE : OUTSIDE;
    }
  }

  // Summed-area tables of cells that are not inside, and of cells that are not outside.
  const stride = cols + 1;
  const notInside = new Int32Array((rows + 1) * stride);
  const notOutside = new Int32Array((rows + 1) * stride);
  for (let r = 0; r < rows; r++) {
    let a = 0;
    let b = 0;
    for (let c = 0; c < cols; c++) {
      const s = state[r * cols + c];
      if (s !== INSIDE) a++;
      if (s !== OUTSIDE) b++;
      notInside[(r + 1) * stride + c + 1] = notInside[r * stride + c + 1] + a;
      notOutside[(r + 1) * stride + c + 1] = notOutside[r * stride + c + 1] + b;
    }
  }
  const sum = (table: Int32Array, c0: number, r0: number, c1: number, r1: number) =>
    table[(r1 + 1) * stride + c1 + 1] -
    table[r0 * stride + c1 + 1] -
    table[(r1 + 1) * stride + c0] +
    table[r0 * stride + c0];

  // Each area edge is tested at most once per footprint edge.
  const seen = new Uint32Array(edgeCount);
  let stamp = 0;
  const nextStamp = () => {
    if (++stamp === 0xffffffff) {
      seen.fill(0);
      stamp = 1;
    }
    return stamp;
  };

  /** Whether `meets` holds for any area edge listed in these cells (each edge asked once). */
  const someEdgeInCells = (c0: number, r0: number, c1: number, r1: number, meets: (k: number) => boolean): boolean => {
    const s = nextStamp();
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const cell = r * cols + c;
        for (let i = cellStart[cell]; i < cellStart[cell + 1]; i++) {
          const k = cellEdges[i];
          if (seen[k] === s) continue;
          seen[k] = s;
          if (meets(k)) return true;
        }
      }
    }
    return false;
  };

  const edgeMeetsArea = (ax: number, ay: number, bx: number, by: number): boolean => {
    if (Math.max(ax, bx) < minX || Math.min(ax, bx) > maxX || Math.max(ay, by) < minY || Math.min(ay, by) > maxY)
      return false;
    const c0 = colOf(Math.min(ax, bx) - slackX);
    const c1 = colOf(Math.max(ax, bx) + slackX);
    const r0 = rowOf(Math.min(ay, by) - slackY);
    const r1 = rowOf(Math.max(ay, by) + slackY);
    return someEdgeInCells(c0, r0, c1, r1, (k) => segmentsMeet(ax, ay, bx, by, ex1[k], ey1[k], ex2[k], ey2[k]));
  };

  /**
   * Even-odd point-in-area for a point on no area edge: the cell's state, or a ray to the left through the row's edges.
   */
  const pointInArea = (x: number, y: number): boolean => {
    if (x < minX || x > maxX || y < minY || y > maxY) return false;
    const col = colOf(x);
    const row = rowOf(y);
    const s = state[row * cols + col];
    if (s !== BOUNDARY) return s === INSIDE;
    const st = nextStamp();
    let inside = false;
    // Every edge crossing the ray from (x, y) to the left passes through a cell of this row at or left of `col`.
    const r0 = rowOf(y - slackY);
    const r1 = rowOf(y + slackY);
    for (let r = r0; r <= r1; r++) {
      for (let c = 0; c <= col; c++) {
        const cell = r * cols + c;
        for (let i = cellStart[cell]; i < cellStart[cell + 1]; i++) {
          const k = cellEdges[i];
          if (seen[k] === st) continue;
          seen[k] = st;
          const xi = ex1[k];
          const yi = ey1[k];
          const xj = ex2[k];
          const yj = ey2[k];
          if (yi > y !== yj > y && ((xj - xi) * (y - yi)) / (yj - yi) + xi < x) inside = !inside;
        }
      }
    }
    return inside;
  };

  return {
    bbox,
    holds([bMinX, bMinY, bMaxX, bMaxY]) {
      if (bMinX < minX || bMaxX > maxX || bMinY < minY || bMaxY > maxY) return false;
      const c0 = colOf(bMinX - slackX);
      const c1 = colOf(bMaxX + slackX);
      const r0 = rowOf(bMinY - slackY);
      const r1 = rowOf(bMaxY + slackY);
      if (sum(notInside, c0, r0, c1, r1) === 0) return true;
      if (sum(notOutside, c0, r0, c1, r1) === 0) return false;
      const crossed = someEdgeInCells(c0, r0, c1, r1, (k) =>
        segmentMeetsBox(ex1[k], ey1[k], ex2[k], ey2[k], bMinX, bMinY, bMaxX, bMaxY),
      );
      return !crossed && pointInArea((bMinX + bMaxX) / 2, (bMinY + bMaxY) / 2);
    },
    holdsPoint: pointInArea,
    intersects(footprint, [fMinX, fMinY, fMaxX, fMaxY]) {
      if (fMaxX < minX || fMinX > maxX || fMaxY < minY || fMinY > maxY) return false;
      const c0 = colOf(fMinX - slackX);
      const c1 = colOf(fMaxX + slackX);
      const r0 = rowOf(fMinY - slackY);
      const r1 = rowOf(fMaxY + slackY);
      // By boxes alone: wholly in inside cells, or touching only outside cells.
      const boxWithinGrid = fMinX >= minX && fMaxX <= maxX && fMinY >= minY && fMaxY <= maxY;
      if (boxWithinGrid && sum(notInside, c0, r0, c1, r1) === 0) return true;
      if (sum(notOutside, c0, r0, c1, r1) === 0) return false;

      // Exact: do any edges meet? If not, one lies wholly inside the other, or they are apart.
      const footprintPolygons = polygonsOf(footprint);
      for (const rings of footprintPolygons) {
        for (const ring of rings) {
          for (let i = 1; i < ring.length; i++) {
            if (edgeMeetsArea(ring[i - 1][0], ring[i - 1][1], ring[i][0], ring[i][1])) return true;
          }
        }
      }
      for (const rings of footprintPolygons) {
        const [x, y] = rings[0][0];
        if (pointInArea(x, y)) return true;
      }
      for (const rings of polygons) {
        const [x, y] = rings[0][0];
        if (x >= fMinX && x <= fMaxX && y >= fMinY && y <= fMaxY && pointInGeometry(footprint, x, y)) return true;
      }
      return false;
    },
  };
}
