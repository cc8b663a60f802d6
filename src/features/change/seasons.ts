/**
 * Meteorological seasons (winter is December to February in the north), turned round south of the equator: whether
 * two captures of a place fall in different seasons, which is what a change score has to see past.
 */

export type Season = 'winter' | 'spring' | 'summer' | 'autumn';
export type Hemisphere = 'north' | 'south';

const NORTHERN: readonly Season[] = ['winter', 'spring', 'summer', 'autumn'];

export const hemisphereOf = (lat: number): Hemisphere => (lat < 0 ? 'south' : 'north');

/** The season at a latitude on a date (an ISO 8601 date or timestamp; its UTC month counts). */
export function seasonAt(date: string, lat: number): Season {
  const month = new Date(date).getUTCMonth();
  if (Number.isNaN(month)) throw new RangeError(`Not a date: "${date}".`);
  const north = NORTHERN[Math.floor(((month + 1) % 12) / 3)];
  return hemisphereOf(lat) === 'north' ? north : NORTHERN[(NORTHERN.indexOf(north) + 2) % 4];
}
