import { describe, expect, it } from 'vitest';
import { xyzTemplate } from '../../../core/wire/layer-urls.ts';
import { qgisLayerDefinition } from './qlr.ts';

describe('qgisLayerDefinition', () => {
  it('is one XYZ layer whose data source decodes back to the template, zooms 14–21', () => {
    const template = xyzTemplate('http://127.0.0.1:8080', '2024Q1-CO-DEN', 'tk_abc&d');
    const qlr = qgisLayerDefinition({ name: 'Denver <2024>', template });
    expect(qlr.startsWith('<!DOCTYPE qgis-layer-definition>')).toBe(true);
    const datasource = /<datasource>([^<]+)<\/datasource>/.exec(qlr)?.[1] ?? '';
    const params = new URLSearchParams(datasource.replace(/&amp;/g, '&'));
    expect(params.get('type')).toBe('xyz');
    expect(params.get('url')).toBe(template);
    expect([params.get('zmin'), params.get('zmax')]).toEqual(['14', '21']);
    expect(qlr).toContain('<layername>Denver &lt;2024&gt;</layername>');
    expect(qlr).toContain('<authid>EPSG:3857</authid>');
  });
});
