import type { Extent } from '../../core/geo/geometry.ts';
import { MAX_TILE_ZOOM, MIN_TILE_ZOOM } from '../../core/wire/limits.ts';
import { tileRangeOf } from '../../core/geo/tile-address.ts';
import { tileMercatorExtent } from '../../core/geo/web-mercator.ts';
import { wmtsCapabilitiesUrl, xyzTemplate } from '../../core/wire/layer-urls.ts';

/** One layer of the standard tile endpoints: a survey, or the `basemap` mosaic. */
export interface LayerInfo {
  id: string;
  title: string;
  abstract: string;
  /** WGS84 [west, south, east, north]. */
  bbox: Extent;
  /** Where to open it, [lon, lat]: the middle of its area (see areaCentre). */
  centre: [lon: number, lat: number];
}

const TILE_MATRIX_SET = 'GoogleMapsCompatible';
const FORMATS = [
  ['image/png', 'png'],
  ['image/jpeg', 'jpeg'],
] as const;
/** OGC WMTS 1.0.0 annex E.4: the scale denominator of a 0.28 mm pixel at zoom 0 of GoogleMapsCompatible. */
const PIXEL_METRES = 0.00028;

/** Characters XML 1.0 cannot hold at all, even escaped (control characters, lone surrogates, U+FFFE/U+FFFF). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text as XML character data or an attribute value: escaped, and what XML cannot hold removed. */
const xml = (text: string): string =>
  text.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const zooms = (): number[] => Array.from({ length: MAX_TILE_ZOOM - MIN_TILE_ZOOM + 1 }, (_, i) => MIN_TILE_ZOOM + i);

function tileMatrixSet(): string {
  const [minX, , maxX, maxY] = tileMercatorExtent({ z: 0, x: 0, y: 0 });
  const matrices = zooms().map((z) => {
    const size = 2 ** z;
    const scale = (maxX - minX) / 256 / size / PIXEL_METRES;
    return `<TileMatrix><ows:Identifier>${z}</ows:Identifier><ScaleDenominator>${scale}</ScaleDenominator>
<TopLeftCorner>${minX} ${maxY}</TopLeftCorner><TileWidth>256</TileWidth><TileHeight>256</TileHeight>
<MatrixWidth>${size}</MatrixWidth><MatrixHeight>${size}</MatrixHeight></TileMatrix>`;
  });
  return `<TileMatrixSet><ows:Identifier>${TILE_MATRIX_SET}</ows:Identifier>
<ows:SupportedCRS>urn:ogc:def:crs:EPSG::3857</ows:SupportedCRS>
<WellKnownScaleSet>urn:ogc:def:wkss:OGC:1.0:GoogleMapsCompatible</WellKnownScaleSet>
${matrices.join('\n')}
</TileMatrixSet>`;
}

function layerXml(baseUrl: string, key: string, layer: LayerInfo): string {
  const [west, south, east, north] = layer.bbox;
  const limits = zooms().map((z) => {
    const range = tileRangeOf(layer.bbox, z);
    return `<TileMatrixLimits><TileMatrix>${z}</TileMatrix><MinTileRow>${range.minY}</MinTileRow>
<MaxTileRow>${range.maxY}</MaxTileRow><MinTileCol>${range.minX}</MinTileCol><MaxTileCol>${range.maxX}</MaxTileCol>
</TileMatrixLimits>`;
  });
  const resources = FORMATS.map(([type, ext]) => {
    const template = xyzTemplate(baseUrl, layer.id, key, ext)
      .replace('{z}', '{TileMatrix}')
      .replace('{x}', '{TileCol}')
      .replace('{y}', '{TileRow}');
    return `<ResourceURL format="${type}" resourceType="tile" template="${xml(template)}"/>`;
  });
  return `<Layer><ows:Title>${xml(layer.title)}</ows:Title><ows:Abstract>${xml(layer.abstract)}</ows:Abstract>
<ows:WGS84BoundingBox><ows:LowerCorner>${west} ${south}</ows:LowerCorner>
<ows:UpperCorner>${east} ${north}</ows:UpperCorner></ows:WGS84BoundingBox>
<ows:Identifier>${xml(layer.id)}</ows:Identifier>
<Style isDefault="true"><ows:Identifier>default</ows:Identifier></Style>
${FORMATS.map(([type]) => `<Format>${type}</Format>`).join('')}
<TileMatrixSetLink><TileMatrixSet>${TILE_MATRIX_SET}</TileMatrixSet><TileMatrixSetLimits>
${limits.join('\n')}
</TileMatrixSetLimits></TileMatrixSetLink>
${resources.join('\n')}
</Layer>`;
}

/** An OGC WMTS 1.0.0 RESTful GetCapabilities document whose tile URLs carry the key. */
export function wmtsCapabilities(options: { baseUrl: string; key: string; layers: LayerInfo[]; title: string }) {
  const { baseUrl, key, layers, title } = options;
  const capabilitiesUrl = wmtsCapabilitiesUrl(baseUrl, key);
  return `<?xml version="1.0" encoding="UTF-8"?>
<Capabilities xmlns="http://www.opengis.net/wmts/1.0" xmlns:ows="http://www.opengis.net/ows/1.1"
 xmlns:xlink="http://www.w3.org/1999/xlink" version="1.0.0">
<ows:ServiceIdentification><ows:Title>${xml(title)}</ows:Title><ows:ServiceType>OGC WMTS</ows:ServiceType>
<ows:ServiceTypeVersion>1.0.0</ows:ServiceTypeVersion>
<ows:AccessConstraints>A read-only tile key: its surveys only, until it expires or is revoked.</ows:AccessConstraints>
</ows:ServiceIdentification>
<Contents>
${layers.map((layer) => layerXml(baseUrl, key, layer)).join('\n')}
${tileMatrixSet()}
</Contents>
<ServiceMetadataURL xlink:href="${xml(capabilitiesUrl)}"/>
</Capabilities>
`;
}

/** A TileJSON 3.0.0 document of one layer. */
export function tileJson(options: { baseUrl: string; key: string; layer: LayerInfo; attribution: string }) {
  const { baseUrl, key, layer, attribution } = options;
  const [west, south, east, north] = layer.bbox;
  return {
    tilejson: '3.0.0',
    name: layer.title,
    description: layer.abstract,
    attribution,
    scheme: 'xyz',
    tiles: [xyzTemplate(baseUrl, layer.id, key)],
    minzoom: MIN_TILE_ZOOM,
    maxzoom: MAX_TILE_ZOOM,
    bounds: [west, south, east, north],
    center: [...layer.centre, 16],
  };
}
