import type { ExportCompression, ExportPlan } from './export-plan.ts';
import { estimatedFileBytes, type SizeEstimate } from './export-size.ts';
import type { SelectionRule, SourceSurvey } from './tile-selection.ts';
import { planFlags } from './plan-flags.ts';
import { formatBytes, formatCount } from '../../format/coverage-format.ts';
import { captureDateText, cloudText } from './export-dialog-text.ts';

const ORDER: Record<SelectionRule, string> = {
  newest: 'newest first',
  'least-cloud': 'least cloud first',
  'selected-survey': 'the selected result',
};

/** "2.1–8.4 MB", or "640 KB – 2.5 MB" across units. */
function rangeText({ low, high }: SizeEstimate): string {
  const [from, to] = [formatBytes(low), formatBytes(high)];
  const [fromValue, fromUnit] = from.split(' ');
  const [toValue, toUnit] = to.split(' ');
  return fromUnit === toUnit ? `${fromValue}–${toValue} ${toUnit}` : `${from} – ${to}`;
}

/** What the file will hold and cost: its tiles, size and resolution, and the surveys the rule takes them from. */
export function PlanSummary({
  plan,
  compression,
  sources,
}: {
  plan: ExportPlan;
  compression: ExportCompression;
  /** The surveys the rule chose from. */
  sources: readonly SourceSurvey[];
}) {
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
        <dd data-testid="geotiff-estimate">
          {rangeText(estimatedFileBytes(plan, compression))}, an estimate: busy, clear imagery weighs up to 5× smooth or
          cloudy imagery. The export shows the real size as it grows.
        </dd>
        <dt>Usage</dt>
        <dd>
          Each of the {formatCount(plan.tiles.length)} tiles is one imagery request that the provider counts (retries
          too); the usage meter adds them.
        </dd>
      </dl>
      <SurveysUsed plan={plan} />
      <Flags flags={planFlags(plan, sources, new Date())} />
    </div>
  );
}

/** What to check about the imagery before exporting it. */
function Flags({ flags }: { flags: string[] }) {
  if (flags.length === 0) return null;
  return (
    <div className="notice notice--warning geotiff-dialog__flags" data-testid="geotiff-flags">
      <strong>Check the imagery:</strong>
      <ul>
        {flags.map((flag) => (
          <li key={flag}>{flag}</li>
        ))}
      </ul>
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
            <th scope="col">Captured</th>
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
