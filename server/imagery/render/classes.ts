/** Ground classes: what classify() finds at a point and ground() paints. */

export const C_LAKE = 1;
export const C_RIVER = 2;
export const C_SHORE = 3;
export const C_ART = 4; // arterial road
export const C_ART_SIDE = 5; // sidewalk / verge along arterials
export const C_RURAL_ROAD = 6;
export const C_STREET = 7;
export const C_SIDEWALK = 8;
export const C_PARKWAY = 9;
export const C_LAWN_F = 10;
export const C_LAWN_B = 11;
export const C_DRIVE = 12;
export const C_HOUSE = 13;
export const C_POOL = 14;
export const C_PATIO = 15;
export const C_FENCE = 16;
export const C_DIRT = 17;
export const C_SLAB = 18;
export const C_FRAME = 19;
export const C_PARKING = 20;
export const C_COM_ROOF = 21;
export const C_LANDSCAPE = 22;
export const C_PARK = 23;
export const C_SPORT = 24;
export const C_FIELD = 25;
export const C_FIELD_EDGE = 26;
export const C_WOOD = 27;
export const C_DESERT = 28;
export const C_CAR = 29;
export const C_GRADED = 30;
export const C_FARMYARD = 31;
export const C_BARN = 32;
export const C_BUFFER = 33;
export const C_WALL = 34;

export const CLASS_NAMES: Record<number, string> = {
  [C_LAKE]: 'lake',
  [C_RIVER]: 'river',
  [C_SHORE]: 'shore',
  [C_ART]: 'arterial',
  [C_ART_SIDE]: 'verge',
  [C_RURAL_ROAD]: 'rural-road',
  [C_STREET]: 'street',
  [C_SIDEWALK]: 'sidewalk',
  [C_PARKWAY]: 'parkway',
  [C_LAWN_F]: 'front-yard',
  [C_LAWN_B]: 'back-yard',
  [C_DRIVE]: 'driveway',
  [C_HOUSE]: 'house',
  [C_POOL]: 'pool',
  [C_PATIO]: 'patio',
  [C_FENCE]: 'fence',
  [C_DIRT]: 'dirt',
  [C_SLAB]: 'slab',
  [C_FRAME]: 'framing',
  [C_PARKING]: 'parking',
  [C_COM_ROOF]: 'commercial-roof',
  [C_LANDSCAPE]: 'landscaping',
  [C_PARK]: 'park',
  [C_SPORT]: 'sports-field',
  [C_FIELD]: 'field',
  [C_FIELD_EDGE]: 'field-edge',
  [C_WOOD]: 'woods',
  [C_DESERT]: 'desert',
  [C_CAR]: 'car',
  [C_GRADED]: 'graded',
  [C_FARMYARD]: 'farmyard',
  [C_BARN]: 'barn',
  [C_BUFFER]: 'buffer',
  [C_WALL]: 'wall',
};
