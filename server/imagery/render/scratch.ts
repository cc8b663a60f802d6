/** Scratch arrays for passing/returning doubles without allocating heap numbers. */
export const ARG = new Float64Array(8);
export const RET = new Float64Array(2);

/**
 * Hot mutable scratch state. Kept in one object with double fields (mutated in place) rather than
 * module-level `let`s, whose double values V8 would re-box on every write.
 */
export const P = {
  // colour being composed
  cR: 0.5,
  cG: 0.5,
  cB: 0.5,
  // classification outputs
  fA: 0.5, // feature-local coordinate 1
  fB: 0.5, // feature-local coordinate 2
  fW: 0.5, // feature size 1
  fD: 0.5, // feature size 2
  fH: 0.5, // feature hash
  fX: 0.5, // extra: roof facet / crop / lane etc.
  fAge: 0.5, // years since built (lots), for lawns and trees
  fNU: 0.5, // world direction of a feature axis, for facet shading
  fNV: 0.5,
  fDist: 0.5, // distance-like value (water depth etc.)
  fSh: 0, // building shadow at this pixel already known from its own lot: 1 yes, 0 no, -1 unknown
  // coarse grid cell of the last locate()
  gk: 0,
  gfx: 0.5,
  gfy: 0.5,
  lastSecKey: 0.5,
};
