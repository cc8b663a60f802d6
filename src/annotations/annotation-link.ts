import { type Annotation, annotationsFromGeoJson, annotationsToGeoJson } from './annotation.ts';

/** Annotations ride in a share link only while the link stays short enough for chat and email (characters). */
export const MAX_LINK_CHARS = 1_800;

const round = (value: unknown): unknown =>
  typeof value === 'number' ? Math.round(value * 1e6) / 1e6 : Array.isArray(value) ? value.map(round) : value;

function toBase64Url(textIn: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(textIn)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(param: string): string {
  const binary = atob(param.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/**
 * The `notes` parameter of a share link: the annotations as compact GeoJSON (coordinates to 6 decimals, about 10 cm),
 * base64url; or, when that would make the link too long, how many were left out (the link says so).
 */
export function annotationsLinkParam(annotations: readonly Annotation[]): string | null {
  if (annotations.length === 0) return null;
  const { features } = annotationsToGeoJson(annotations);
  const compact = features.map(({ geometry, properties }) => ({
    type: 'Feature',
    geometry: { type: geometry.type, coordinates: round(geometry.coordinates) },
    properties,
  }));
  const encoded = toBase64Url(JSON.stringify({ type: 'FeatureCollection', features: compact }));
  return encoded.length <= MAX_LINK_CHARS ? encoded : `omitted-${annotations.length}`;
}

export type LinkedAnnotations = { kind: 'included'; annotations: Annotation[] } | { kind: 'omitted'; count: number };

/** Reads a link's `notes` parameter back; null when it is not one this app wrote. */
export function annotationsFromLinkParam(param: string): LinkedAnnotations | null {
  const omitted = /^omitted-(\d+)$/.exec(param);
  if (omitted) return { kind: 'omitted', count: Number(omitted[1]) };
  try {
    const { annotations } = annotationsFromGeoJson(JSON.parse(fromBase64Url(param)));
    return annotations.length > 0 ? { kind: 'included', annotations } : null;
  } catch {
    return null;
  }
}
