import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';

export const STAC_ITEM_SCHEMA = 'https://schemas.stacspec.org/v1.0.0/item-spec/json-schema/item.json#';
export const PROJECTION_SCHEMA = 'https://stac-extensions.github.io/projection/v1.1.0/schema.json';
export const RASTER_SCHEMA = 'https://stac-extensions.github.io/raster/v1.1.0/schema.json#';

/** For tests (Node): Ajv with every vendored schema registered under its $id, so no reference needs the network. */
export function stacValidator(): (schemaId: string, data: unknown) => unknown[] {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  // STAC's link and asset hrefs are IRIs: absolute, and references relative to the Item.
  const parses = (text: string, base?: string) => URL.canParse(text, base);
  ajv.addFormat('iri', (text: string) => parses(text));
  ajv.addFormat('iri-reference', (text: string) => parses(text, 'https://stac.invalid/item.json'));
  const dir = import.meta.dirname;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    ajv.addSchema(JSON.parse(readFileSync(join(dir, file), 'utf8')));
  }
  return (schemaId, data) => {
    const validate = ajv.getSchema(schemaId);
    if (!validate) throw new Error(`no schema ${schemaId}`);
    return validate(data) ? [] : (validate.errors ?? []);
  };
}
