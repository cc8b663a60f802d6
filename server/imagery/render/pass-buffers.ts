import * as worldModule from './world.ts';

// Module-level consts, not imported bindings: V8 folds them into hot code (see index.ts).
const { TILE_SIZE: T } = worldModule;

// Per-tile pixel buffers between the passes: base colour, ground class and tree density.
export const colR = new Float32Array(T * T);
export const colG = new Float32Array(T * T);
export const colB = new Float32Array(T * T);
export const clsBuf = new Uint8Array(T * T);
export const densBuf = new Float32Array(T * T);
export const NO_CLASS = 255;
