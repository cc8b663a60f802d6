/** Integer hashing and value noise shared by the demo catalog and the procedural imagery. */

/** Hash of an integer triple to a uint32 (murmur3-style finaliser). */
export function hashI(x: number, y: number, s: number): number {
  let h = Math.imul(x | 0, 0x27d4eb2d) ^ Math.imul(y | 0, 0x165667b1) ^ Math.imul(s | 0, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** hashI as a float in [0, 1). */
export function hashF(x: number, y: number, s: number): number {
  return hashI(x, y, s) / 4294967296;
}

/** Derive the k-th independent float in [0,1) from a uint32 hash (full murmur3 finaliser). */
export function sub(h: number, k: number): number {
  let x = (h + Math.imul(k + 1, 0x9e3779b9)) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return ((x ^ (x >>> 16)) >>> 0) / 4294967296;
}

/**
 * Value-noise interpolation: the lattice values a (x0,y0), b (x1,y0), c (x0,y1), d (x1,y1) blended
 * with smoothstep weights of the fractional position (xf, yf).
 */
export function smoothBilerp(a: number, b: number, c: number, d: number, xf: number, yf: number): number {
  const u = xf * xf * (3 - 2 * xf);
  const v = yf * yf * (3 - 2 * yf);
  return a + (b - a) * u + (c - a) * v + (a - b - c + d) * u * v;
}

/** Value noise in [0,1) on the hashed integer lattice (not periodic). */
export function valueNoise(x: number, y: number, seed: number): number {
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  return smoothBilerp(
    hashF(xi, yi, seed),
    hashF(xi + 1, yi, seed),
    hashF(xi, yi + 1, seed),
    hashF(xi + 1, yi + 1, seed),
    x - xi,
    y - yi,
  );
}

const MULBERRY32_STEP = 0x6d2b79f5;

/** mulberry32: small, fast, deterministic PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + MULBERRY32_STEP) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The seed whose mulberry32 goes on where `mulberry32(seed)` stands after `draws` draws (its state only counts them),
 * so that a run of its numbers can be drawn again without drawing those before it.
 */
export const mulberry32After = (seed: number, draws: number): number =>
  ((seed >>> 0) + Math.imul(draws, MULBERRY32_STEP)) >>> 0;
