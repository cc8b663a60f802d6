import { type ExportCompression, type ExportPlan, estimatedBytes } from './export-plan.ts';
import type { SelectionRule } from './tile-selection.ts';
import { formatBytes, formatCount } from '../../format/coverage-format.ts';
import { captureDateText, cloudText } from './export-dialog-text.ts';

const ORDER: Record<SelectionRule, string> = {
  newest: 'newest first',
  'least-cloud': 'least cloud first',
  'selected-survey': 'the selected result',
};

/** What the file will hold and cost: its tiles, size and resolution, and the surveys the rule takes them from. */
export function PlanSummary({ plan, compression }: { plan: ExportPlan; compression: ExportCompression }) {
  const { width, height } = plan.levels[0];
  const surveys = plan.surveys.length;
  return (
    <div className="geotiff-dialog__plan" data-testid="geotiff-plan">
      <dl className="geotiff-dialog__facts">
        <dt>Tiles</dt>
        <dd>
          {formatCount(plan.tiles.length)} at z{plan.zoom}
          {surveys > 1 ? ` from ${surveys} surveys` : ''}
          {plan.overCloudLimit.length > 0 ? `, ${formatCount(plan.overCloudLimit.length)} left empty` : ''}
        </dd>
        <dt>Size</dt>
        <dd>
          {formatCount(width)} × {formatCount(height)} pixels, {plan.levels.length - 1}{' '}
          {plan.levels.length === 2 ? 'overview' : 'overviews'}
        </dd>
        <dt>Ground resolution</dt>
        <dd>
          {plan.groundResolution < 1
            ? `${(plan.groundResolution * 100).toFixed(1)} cm`
            : `${plan.groundResolution.toFixed(2)} m`}{' '}
          per pixel
        </dd>
        <dt>Estimated file</dt>
        <dd>about {formatBytes(estimatedBytes(plan, compression))}</dd>
        <dt>Usage</dt>
        <dd>
          Each of the {formatCount(plan.tiles.length)} tiles is one imagery request that the provider counts (retries
          too); the usage meter adds them.
        </dd>
      </dl>
      <SurveysUsed plan={plan} />
    </div>
  );
}

function SurveysUsed({ plan }: { plan: ExportPlan }) {
  const { rule, maxCloudCover } = plan.selection;
  return (
    <>
      <table className="geotiff-dialog__surveys" aria-label="Surveys used">
        <caption>
          Surveys used ({ORDER[rule]}
          {maxCloudCover !== null ? `, none over ${maxCloudCover} % cloud` : ''})
        </caption>
        <thead>
          <tr>
            <th scope="col">Survey</th>
            <th scope="col">Captured (UTC)</th>
            <th scope="col">Cloud</th>
            <th scope="col">Tiles</th>
          </tr>
        </thead>
        <tbody>
          {plan.surveys.map((survey) => (
            <tr key={survey.surveyId}>
              <td>{survey.surveyId}</td>
              <td>{captureDateText(survey)}</td>
              <td>{cloudText(survey.cloudCover)}</td>
              <td>{formatCount(survey.tiles)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {plan.leftOut.length > 0 && (
        <p className="field__hint" data-testid="geotiff-left-out">
          Not used, over the limit:{' '}
          {plan.leftOut.map((s) => `${s.surveyId} (cloud ${cloudText(s.cloudCover)})`).join(', ')}.{' '}
          {plan.overCloudLimit.length > 0
            ? `${formatCount(plan.overCloudLimit.length)} ${plan.overCloudLimit.length === 1 ? 'tile' : 'tiles'} ` +
              'with imagery only from these are left empty (no data), marked "over_cloud_limit" in the provenance.'
            : 'Surveys within the limit cover every tile they have.'}
        </p>
      )}
    </>
  );
}
