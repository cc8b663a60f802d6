import { type Annotation, annotationsFromGeoJson, annotationsToGeoJson } from './annotation.ts';

/** Annotations ride in a share link only while the link stays short enough for chat and email (characters). */
export const MAX_LINK_CHARS = 1_800;

/**
 * At most this many annotations are added from one link. A link this app writes carries a handful (it stays under
 * MAX_LINK_CHARS); a longer one was made by hand, and its user is asked first and told of the limit.
 */
export const MAX_LINKED_NOTES = 500;

const round = (value: unknown): unknown =>
  typeof value === 'number' ? Math.round(value * 1e6) / 1e6 : Array.isArray(value) ? value.map(round) : value;

function toBase64Url(textIn: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(textIn)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(param: string): string {
  const binary = atob(param.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new TextDecoder().decode(bytes);
}

function compactJson(annotations: readonly Annotation[]): string {
  const { features } = annotationsToGeoJson(annotations);
  const compact = features.map(({ geometry, properties }) => ({
    type: 'Feature',
    geometry: { type: geometry.type, coordinates: round(geometry.coordinates) },
    properties,
  }));
  return JSON.stringify({ type: 'FeatureCollection', features: compact });
}

/** The annotations as compact GeoJSON (coordinates to 6 decimals, about 10 cm), base64url: however long. */
export const encodeLinkedAnnotations = (annotations: readonly Annotation[]): string =>
  toBase64Url(compactJson(annotations));

/**
 * The `notes` parameter of a share link: the annotations encoded as above; or, when that would make the link too long,
 * how many were left out (the link says so).
 */
export function annotationsLinkParam(annotations: readonly Annotation[]): string | null {
  if (annotations.length === 0) return null;
  const json = compactJson(annotations);
  // base64 of at least one byte per character: too long already, without encoding it (the URL is written often).
  if (Math.ceil((json.length * 4) / 3) > MAX_LINK_CHARS) return `omitted-${annotations.length}`;
  const encoded = toBase64Url(json);
  return encoded.length <= MAX_LINK_CHARS ? encoded : `omitted-${annotations.length}`;
}

export type LinkedAnnotations = { kind: 'included'; annotations: Annotation[] } | { kind: 'omitted'; count: number };

/** Reads a link's `notes` parameter back (one annotation per id); null when it is not one this app wrote. */
export function annotationsFromLinkParam(param: string): LinkedAnnotations | null {
  const omitted = /^omitted-(\d+)$/.exec(param);
  if (omitted) return { kind: 'omitted', count: Number(omitted[1]) };
  try {
    const read = annotationsFromGeoJson(JSON.parse(fromBase64Url(param)));
    const annotations = [...new Map(read.annotations.map((a) => [a.id, a])).values()];
    return annotations.length > 0 ? { kind: 'included', annotations } : null;
  } catch {
    return null;
  }
}

/** What a link adds to these annotations: how many are not already here (by id), and those the limit takes. */
export function newFromLink(
  linked: readonly Annotation[],
  present: readonly Annotation[],
): { count: number; added: Annotation[] } {
  const known = new Set(present.map((a) => a.id));
  const fresh = linked.filter((a) => !known.has(a.id));
  return { count: fresh.length, added: fresh.slice(0, MAX_LINKED_NOTES) };
}
