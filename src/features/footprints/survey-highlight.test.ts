import { describe, expect, it } from 'vitest';
import { square } from '../../../core/test/shapes.ts';
import type { IdFeature } from '../../map/feature-diff.ts';
import type { GeoJsonSlot } from '../../map/geojson-slot.ts';
import { SurveyHighlight } from './survey-highlight.ts';

const geometry = square(0, 0, 1, 1);
const feature = (order: number): IdFeature => ({ type: 'Feature', properties: { id: 'S1', order }, geometry });

describe("a survey's highlight", () => {
  it('sends nothing again for the same survey in new feature objects, and sends a real change', () => {
    const sent: unknown[] = [];
    const slot = { setData: (_: string, data: unknown) => sent.push(data) } as unknown as GeoJsonSlot;
    const highlight = new SurveyHighlight(slot, 'footprint-selection');
    highlight.show([feature(1)]);
    // Each footprint answer makes the catalog's collection again: the selected survey's feature is a new object.
    highlight.show([feature(1)]);
    expect(sent).toHaveLength(1);
    highlight.show([feature(2)]);
    highlight.show([{ ...feature(2), geometry: square(0, 0, 2, 2) }]);
    highlight.show([]);
    expect(sent).toHaveLength(4);
  });
});
