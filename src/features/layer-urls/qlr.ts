import { MAX_TILE_ZOOM, MIN_TILE_ZOOM } from '../../../core/wire/limits.ts';

const xml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A QGIS layer definition (.qlr) of an XYZ layer: QGIS's "XYZ Tiles" provider (`wms` with `type=xyz`), its URL
 * percent-encoded as QGIS writes it, zooms 14–21, EPSG:3857. Dropped on QGIS, it adds the layer.
 */
export function qgisLayerDefinition({ name, template }: { name: string; template: string }): string {
  const id = `survey_imagery_${name.replace(/[^A-Za-z0-9_]/g, '_')}`;
  const source = `type=xyz&url=${encodeURIComponent(template)}&zmax=${MAX_TILE_ZOOM}&zmin=${MIN_TILE_ZOOM}`;
  return `<!DOCTYPE qgis-layer-definition>
<qlr>
  <layer-tree-group expanded="1" checked="Qt::Checked" name="">
    <customproperties/>
    <layer-tree-layer expanded="1" checked="Qt::Checked" id="${xml(id)}" name="${xml(name)}" providerKey="wms"
      source="${xml(source)}">
      <customproperties/>
    </layer-tree-layer>
  </layer-tree-group>
  <maplayers>
    <maplayer type="raster" hasScaleBasedVisibilityFlag="0" refreshOnNotifyEnabled="0" autoRefreshEnabled="0">
      <id>${xml(id)}</id>
      <datasource>${xml(source)}</datasource>
      <layername>${xml(name)}</layername>
      <srs>
        <spatialrefsys nativeFormat="Wkt">
          <authid>EPSG:3857</authid>
        </spatialrefsys>
      </srs>
      <provider>wms</provider>
    </maplayer>
  </maplayers>
</qlr>
`;
}
