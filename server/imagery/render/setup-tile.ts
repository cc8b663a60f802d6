import type { Survey } from '../../catalog/survey.ts';
import * as coarseFieldsModule from './coarse-fields.ts';
import * as levelOfDetailModule from './level-of-detail.ts';
import * as residentialModule from './residential.ts';
import * as sectionsModule from './sections.ts';
import * as surveyContextModule from './survey-context.ts';
import * as surveyStateModule from './survey-state.ts';
import * as worldModule from './world.ts';

// Module-level consts, not imported bindings: V8 folds them into hot code (see index.ts).
const { buildFields } = coarseFieldsModule;
const { useLevelOfDetail } = levelOfDetailModule;
const { forgetLots } = residentialModule;
const { clearSections } = sectionsModule;
const { surveyCtx } = surveyContextModule;
const { useSurvey } = surveyStateModule;
const { TILE_SIZE: T, WORLD } = worldModule;

/** Load the survey parameters and build the per-tile fields (module state). */
export function setupTile(survey: Survey, z: number, x: number, y: number): void {
  const ctx = surveyCtx(survey);
  useSurvey(ctx);
  const n = 2 ** z;
  const ps = WORLD / (n * T);
  useLevelOfDetail(ps);
  clearSections();
  forgetLots();
  buildFields(ctx, z, x, y, ps);
}
