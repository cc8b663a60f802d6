/**
 * A logistic regression fitted by Newton's method (iteratively reweighted least squares) with a little ridge, for the
 * change engine's cell weights: rows of `features` values with labels 0 or 1. Features are standardised while
 * fitting and the weights returned for the raw values.
 */

export interface LogisticModel {
  /** One weight a feature, for raw (not standardised) values. */
  weights: number[];
  intercept: number;
}

/** Solves the symmetric positive definite system H x = g by Cholesky. */
function solve(h: Float64Array, g: Float64Array, n: number): Float64Array {
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = h[i * n + j];
      for (let k = 0; k < j; k++) sum -= l[i * n + k] * l[j * n + k];
      l[i * n + j] = i === j ? Math.sqrt(Math.max(sum, 1e-12)) : sum / l[j * n + j];
    }
  }
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let sum = g[i];
    for (let k = 0; k < i; k++) sum -= l[i * n + k] * y[k];
    y[i] = sum / l[i * n + i];
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let sum = y[i];
    for (let k = i + 1; k < n; k++) sum -= l[k * n + i] * x[k];
    x[i] = sum / l[i * n + i];
  }
  return x;
}

export function fitLogistic(rows: Float32Array, labels: Uint8Array, features: number, iterations = 12): LogisticModel {
  const count = labels.length;
  const mean = new Float64Array(features);
  const deviation = new Float64Array(features);
  for (let r = 0; r < count; r++) for (let f = 0; f < features; f++) mean[f] += rows[r * features + f] / count;
  for (let r = 0; r < count; r++)
    for (let f = 0; f < features; f++) deviation[f] += (rows[r * features + f] - mean[f]) ** 2 / count;
  for (let f = 0; f < features; f++) deviation[f] = Math.sqrt(deviation[f]) || 1;
  const n = features + 1;
  const beta = new Float64Array(n);
  const z = new Float64Array(n);
  for (let it = 0; it < iterations; it++) {
    const h = new Float64Array(n * n);
    const g = new Float64Array(n);
    for (let r = 0; r < count; r++) {
      for (let f = 0; f < features; f++) z[f] = (rows[r * features + f] - mean[f]) / deviation[f];
      z[features] = 1;
      let logit = 0;
      for (let k = 0; k < n; k++) logit += beta[k] * z[k];
      const p = 1 / (1 + Math.exp(-logit));
      const w = p * (1 - p);
      const residual = p - labels[r];
      for (let i = 0; i < n; i++) {
        g[i] += residual * z[i];
        for (let j = 0; j <= i; j++) h[i * n + j] += w * z[i] * z[j];
      }
    }
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < i; j++) h[j * n + i] = h[i * n + j];
      h[i * n + i] += 1e-3;
      g[i] += 1e-3 * beta[i];
    }
    const step = solve(h, g, n);
    for (let k = 0; k < n; k++) beta[k] -= step[k];
  }
  const weights = Array.from({ length: features }, (_, f) => beta[f] / deviation[f]);
  const intercept = beta[features] - weights.reduce((sum, w, f) => sum + w * mean[f], 0);
  return { weights, intercept };
}
