import type { Gazetteer, PlaceExtent } from '../../../core/wire/model.ts';

/** A place the map can go to: a city by its centre, a county or state by its extent. */
export interface Place {
  label: string;
  kind: 'city' | 'county' | 'state';
  go: { center: [number, number] } | { extent: PlaceExtent };
}

const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Whether a query starts one of the name's words ("lake" finds Salt Lake City; "olorado" finds nothing). */
const startsAWord = (name: string, query: string) => ` ${normalise(name)}`.includes(` ${query}`);

/**
 * How well a place code spells a name: its letters in order, the first being the name's first letter; letters that
 * follow each other or start a word count more ("DEN" Denver, "PTCH" Port Charlotte, "SLC" Salt Lake City). -1 when
 * the code cannot be read from the name.
 */
export function codeScore(code: string, name: string): number {
  const c = code.toLowerCase();
  const n = normalise(name);
  if (!c || n[0] !== c[0]) return -1;
  // best[j]: the best score with the code's first i letters placed, the last at name index j.
  let best = new Map<number, number>([[0, 3]]);
  for (let i = 1; i < c.length; i++) {
    const next = new Map<number, number>();
    for (const [at, score] of best) {
      for (let j = at + 1; j < n.length; j++) {
        if (n[j] !== c[i]) continue;
        const gain = j === at + 1 ? 3 : n[j - 1] === ' ' ? 2 : 1;
        next.set(j, Math.max(next.get(j) ?? -1, score + gain));
      }
    }
    if (next.size === 0) return -1;
    best = next;
  }
  return Math.max(...best.values());
}

/** The state and place codes at the end of a provider survey id: "2025-P01-CO-DEN" → CO, DEN. */
export function placeCodesOf(surveyId: string): { state: string; place: string | null } | null {
  const match = /(?:^|[-_])([A-Za-z]{2})(?:[-_]([A-Za-z]{2,5}))?$/.exec(surveyId);
  return match ? { state: match[1].toUpperCase(), place: match[2]?.toUpperCase() ?? null } : null;
}

/**
 * The place names a survey id stands for, read from its codes: the state by its USPS code, the place as the city of
 * that state whose name the code spells best (the most populous of equals), from the basemap's place data.
 */
export function surveyPlaceNames(gazetteer: Gazetteer): (surveyId: string) => string[] {
  const stateNames = new Map(gazetteer.states.map((s) => [s.code, s.name]));
  const cache = new Map<string, string[]>();
  return (surveyId) => {
    let names = cache.get(surveyId);
    if (!names) {
      names = [];
      const codes = placeCodesOf(surveyId);
      const state = codes && stateNames.get(codes.state);
      if (codes && state) {
        names.push(state);
        let city: { name: string; score: number } | null = null;
        for (const candidate of codes.place ? gazetteer.cities : []) {
          if (candidate.state !== codes.state) continue;
          const score = codeScore(codes.place!, candidate.name);
          if (score > (city?.score ?? -1)) city = { name: candidate.name, score };
        }
        if (city) names.push(city.name);
      }
      cache.set(surveyId, names);
    }
    return names;
  };
}

/** Whether any of the places matches what was typed (at the start of a word). */
export function placesMatch(names: readonly string[], query: string): boolean {
  const q = normalise(query);
  return q !== '' && names.some((name) => startsAWord(name, q));
}

const countyWord = (state: string) => (state === 'LA' ? 'Parish' : 'County');

/**
 * Places whose name starts with what was typed (or has a word that does), best first: whole names, then name
 * starts, then word starts; cities by population, then counties, then states. "Denver, CO" or "Denver co" narrows to
 * a state by code or name.
 */
export function searchPlaces(gazetteer: Gazetteer, typed: string, limit = 8): Place[] {
  const [namePart, statePart = ''] = typed.split(',');
  let query = normalise(namePart);
  let stateQuery = normalise(statePart);
  if (!stateQuery) {
    // "denver co": a trailing state code.
    const tail = /^(.*\S)\s+([a-z]{2})$/.exec(query);
    if (tail && gazetteer.states.some((s) => s.code.toLowerCase() === tail[2])) [, query, stateQuery] = tail;
  }
  if (!query) return [];
  const stateNames = new Map(gazetteer.states.map((s) => [s.code, s.name]));
  const inState = (code: string) =>
    !stateQuery || code.toLowerCase() === stateQuery || startsAWord(stateNames.get(code) ?? '', stateQuery);
  const rank = (name: string) => {
    const n = normalise(name);
    return n === query ? 0 : n.startsWith(query) ? 1 : startsAWord(name, query) ? 2 : -1;
  };
  const found: { place: Place; rank: number; order: number }[] = [];
  gazetteer.cities.forEach((c, i) => {
    const r = inState(c.state) ? rank(c.name) : -1;
    if (r >= 0)
      found.push({
        place: { label: `${c.name}, ${c.state}`, kind: 'city', go: { center: c.position } },
        rank: r,
        order: i,
      });
  });
  gazetteer.counties.forEach((c, i) => {
    const r = inState(c.state) ? Math.max(rank(c.name), rank(`${c.name} ${countyWord(c.state)}`)) : -1;
    const label = `${c.name} ${countyWord(c.state)}, ${c.state}`;
    if (r >= 0) found.push({ place: { label, kind: 'county', go: { extent: c.extent } }, rank: r, order: 100_000 + i });
  });
  gazetteer.states.forEach((s, i) => {
    const r = stateQuery ? -1 : rank(s.name);
    if (r >= 0)
      found.push({ place: { label: s.name, kind: 'state', go: { extent: s.extent } }, rank: r, order: 200_000 + i });
  });
  return found
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .slice(0, limit)
    .map((f) => f.place);
}
