/**
 * How the viewer sends areas. The interface's own limits (area, positions, zoom, tile cap) are in the shared core,
 * core/wire/limits.ts.
 */

/**
 * Areas with more positions than this are simplified before they are sent. The WKT travels in the query string: at 6
 * decimals a position costs up to ~26 URL-encoded characters, and the reference service (Node's default 16 KiB header
 * limit) answers 431 above roughly 600 positions.
 */
export const DENSE_VERTEX_THRESHOLD = 500;

/** Decimals kept in coordinates (about 0.1 m), which keeps the WKT short. */
export const COORDINATE_DECIMALS = 6;
