export type AreaInputErrorCode =
  | 'empty'
  | 'not-wkt'
  | 'not-geojson'
  | 'not-kml'
  | 'unsupported-file'
  | 'unsupported-crs'
  | 'wrong-geometry-type'
  | 'empty-geometry'
  | 'ring-too-short'
  | 'unclosed-ring'
  | 'invalid-coordinate'
  | 'coordinate-out-of-range'
  | 'too-many-vertices'
  | 'self-intersection'
  | 'cannot-simplify';

/** Input that cannot become an area; `message` says what is wrong and is meant for the user. */
export class AreaInputError extends Error {
  readonly code: AreaInputErrorCode;

  constructor(code: AreaInputErrorCode, message: string) {
    super(message);
    this.name = 'AreaInputError';
    this.code = code;
  }
}
