// @vitest-environment jsdom
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSurveyId } from '../catalog/survey.ts';
import { FIXTURE_SURVEYS, testService, type TestService } from '../test/fixtures.ts';

/**
 * Issue 45, untried: hostile text in what desktop GIS reads. A catalog's free text (resolution, spectral range) and a
 * key's name reach the WMTS capabilities and TileJSON; they must arrive as text, whatever they hold. Survey ids cannot
 * hold markup at all: the catalog's id rule refuses it.
 */

const HOSTILE = `</ows:Abstract><script>alert(1)</script><![CDATA[x]]>&amp;"' \u202e${'\u0007'}`;
/** What XML can hold of it: the control character goes (XML 1.0 has no way to write it). */
const AS_XML_TEXT = HOSTILE.replace('\u0007', '');

const run = promisify(execFile);
let service: TestService;
let base: string;
let key: string;
beforeAll(async () => {
  const survey = { ...FIXTURE_SURVEYS[0], resolutionClass: HOSTILE, spectralRange: `<img src=x onerror=alert(2)>` };
  service = await testService({}, [survey, ...FIXTURE_SURVEYS.slice(1)]);
  base = await service.app.listen({ port: 0, host: '127.0.0.1' });
  const made = await service.inject({
    method: 'POST',
    url: '/tile-keys',
    headers: { authorization: `Bearer ${await service.token()}` },
    payload: { name: `<b>QGIS</b> & "co" ]]> ${HOSTILE.slice(0, 40)}`, surveys: [survey.id], expires_in: 3600 },
  });
  expect(made.statusCode, made.body).toBe(201);
  key = made.json().key;
});
afterAll(() => service?.app.close());

describe('hostile text in the layers a desktop GIS opens', () => {
  it('is text in the WMTS capabilities: the document parses, nothing but the text is added', async () => {
    const answer = await fetch(`${base}/wmts/1.0.0/WMTSCapabilities.xml?key=${key}`);
    expect(answer.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    const document = new DOMParser().parseFromString(await answer.text(), 'application/xml');
    expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(document.getElementsByTagName('script')).toHaveLength(0);
    expect(document.getElementsByTagName('b')).toHaveLength(0);
    const abstract = document.getElementsByTagName('Layer')[0].getElementsByTagName('ows:Abstract')[0].textContent;
    expect(abstract).toContain(`${AS_XML_TEXT} resolution`);
    expect(abstract).toContain('<img src=x onerror=alert(2)>.');
    const title = document.getElementsByTagName('ows:ServiceIdentification')[0].getElementsByTagName('ows:Title')[0];
    expect(title.textContent).toBe(`Aerial imagery surveys (<b>QGIS</b> & "co" ]]> ${AS_XML_TEXT.slice(0, 40)})`);
  });

  it('GDAL reads that WMTS document and names the layer by its id', async () => {
    const { stdout } = await run('gdalinfo', ['-json', `WMTS:${base}/wmts/1.0.0/WMTSCapabilities.xml?key=${key}`]);
    const info = JSON.parse(stdout) as { metadata?: Record<string, Record<string, string>> };
    expect(JSON.stringify(info.metadata)).toContain(FIXTURE_SURVEYS[0].id);
  });

  it('is text in TileJSON: a JSON string, served as JSON', async () => {
    const answer = await fetch(`${base}/tiles/${FIXTURE_SURVEYS[0].id}/tilejson.json?key=${key}`);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    const tileJson = (await answer.json()) as { description: string; name: string };
    expect(tileJson.description).toContain(`${HOSTILE} resolution`);
    expect(tileJson.name).toBe(FIXTURE_SURVEYS[0].id);
  });

  it('cannot be a survey id: the catalog’s id rule refuses markup, quotes and spaces', () => {
    for (const id of ['<script>', 'a"b', "a'b", 'a b', 'a&b', '../x', HOSTILE]) expect(isSurveyId(id), id).toBe(false);
  });
});
