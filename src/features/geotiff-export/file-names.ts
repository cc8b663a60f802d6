/** The names of an export's files, from their common stem: the GeoTIFF, its provenance, its STAC Item, all three. */
export const exportFileNames = (name: string) => ({
  tiff: `${name}.tif`,
  provenance: `${name}.provenance.geojson`,
  stac: `${name}.stac.json`,
  zip: `${name}.zip`,
});
