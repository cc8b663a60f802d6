/**
 * How far from each edge of the map framing keeps what it frames: clear of the panels over the map (each kept clear by
 * the edge that costs the framing least) and of a covered foot (a phone's bottom sheet).
 */

type Edge = 'top' | 'right' | 'bottom' | 'left';
export type Padding = Record<Edge, number>;

/** A rectangle in page pixels. */
export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Room kept around what is framed, and between it and a panel. */
const FIT_PADDING = 56;
const PANEL_GAP = 12;
/** What framing always keeps to frame in, across and down, whatever covers the map. */
const MIN_FRAMED_PX = 160;
/** A panel over less than this share of the map (a button) is not framed around. */
const SMALL_PANEL = 0.04;
/** A panel that costs less than this share of the map by its cheapest edge is simply kept clear by that edge. */
const SMALL_SHARE = 0.08;

const EDGES: readonly Edge[] = ['top', 'right', 'bottom', 'left'];

/**
 * The pixels each edge would have to give up to keep clear of a panel; null for a panel off the map, or one so small
 * (a button) that what lies under it is still seen.
 */
export function panelEdges(map: Rect, panel: Rect): Padding | null {
  const edges = {
    left: panel.right - map.left,
    right: map.right - panel.left,
    top: panel.bottom - map.top,
    bottom: map.bottom - panel.top,
  };
  const area = (r: Rect) => Math.max(0, r.right - r.left) * Math.max(0, r.bottom - r.top);
  const over = {
    left: Math.max(map.left, panel.left),
    top: Math.max(map.top, panel.top),
    right: Math.min(map.right, panel.right),
    bottom: Math.min(map.bottom, panel.bottom),
  };
  return EDGES.every((edge) => edges[edge] > 0) && area(over) >= SMALL_PANEL * area(map) ? edges : null;
}

/** The edges a panel may be kept clear by, cheapest (least of the map given up) first. */
function choicesFor(edges: Padding, width: number, height: number): Edge[] {
  const share = (edge: Edge) => edges[edge] / (edge === 'left' || edge === 'right' ? width : height);
  const [first, second] = [...EDGES].sort((a, b) => share(a) - share(b));
  return share(first) < SMALL_SHARE ? [first] : [first, second];
}

/** Paddings that keep at least MIN_FRAMED_PX across and down: the bottom (a sheet) gives way first, then the top. */
function keepRoom(padding: Padding, width: number, height: number): Padding {
  const fitted = { ...padding };
  const squeeze = (size: number, first: Edge, second: Edge) => {
    let excess = fitted[first] + fitted[second] - Math.max(0, size - MIN_FRAMED_PX);
    for (const edge of [first, second]) {
      if (excess <= 0) return;
      const give = Math.min(excess, Math.max(0, fitted[edge] - FIT_PADDING));
      fitted[edge] -= give;
      excess -= give;
    }
  };
  squeeze(height, 'bottom', 'top');
  squeeze(width, 'right', 'left');
  return fitted;
}

/**
 * The padding to frame with in a map of `width` × `height`: FIT_PADDING at least on every side, more where a panel
 * lies (`panels`: each one's edges in the part of the map not covered, from panelEdges) or the foot is covered
 * (`coveredBottom`). A panel in a corner can be kept clear by either of two edges: `score` (say, the zoom a fit would
 * reach) picks the better, else the one that gives up least.
 */
export function framePadding(
  width: number,
  height: number,
  panels: readonly Padding[],
  coveredBottom = 0,
  score?: (padding: Padding) => number | null,
): Padding {
  // The panels' edges count from the foot of what is not covered (on a phone they sit just above the sheet).
  const choices = panels.map((edges) => choicesFor(edges, width, height - coveredBottom));
  const paddingOf = (picked: readonly Edge[]): Padding => {
    const padding: Padding = { top: FIT_PADDING, right: FIT_PADDING, bottom: FIT_PADDING, left: FIT_PADDING };
    picked.forEach((edge, i) => {
      padding[edge] = Math.max(padding[edge], panels[i][edge] + PANEL_GAP);
    });
    padding.bottom += coveredBottom;
    return keepRoom(padding, width, height);
  };
  let combinations: Edge[][] = [[]];
  for (const options of choices) combinations = combinations.flatMap((picked) => options.map((e) => [...picked, e]));
  const paddings = combinations.map(paddingOf);
  if (!score || paddings.length === 1) return paddings[0];
  let best = paddings[0];
  let bestScore = score(best) ?? Number.NEGATIVE_INFINITY;
  for (const padding of paddings.slice(1)) {
    const value = score(padding) ?? Number.NEGATIVE_INFINITY;
    if (value > bestScore) [best, bestScore] = [padding, value];
  }
  return best;
}

/** Where the middle of the framed part lies from the map's middle: what a camera centred there is offset by. */
export const paddingOffset = (padding: Padding): [number, number] => [
  (padding.left - padding.right) / 2,
  (padding.top - padding.bottom) / 2,
];
