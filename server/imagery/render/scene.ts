/** Dimensions of the scene model: survey-grid sections, their quarters and lots. */

/** Section size: half a mile in (approximate) ground metres. */
export const S = 804.672;
export const H = S / 2;
/** Shadow-casting height of houses (m). */
export const HOUSE_H = 5;
/** Landscaped buffer between arterials and the lots of a developed quarter. */
export const INSET = 22;
/** Usable side length of a developed quarter (inside the buffer). */
export const LQ = H - INSET;
/** Residential street width. */
export const STREET_W = 10;

/** Seed of the world-fixed fields (water, woods, urbanness, sections). */
export const GEO_SEED = 7331;

// Quarter types
export const Q_RES = 0;
export const Q_COM = 1;
export const Q_PARK = 2;
export const Q_FARM = 3;
