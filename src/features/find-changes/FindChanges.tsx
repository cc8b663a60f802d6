import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { Connection } from '../../api/connection.ts';
import { tilesCovering } from '../../../core/geo/covered-tiles.ts';
import { formatCount } from '../../format/coverage-format.ts';
import { ErrorNotice } from '../../ui/errors/ErrorNotice.tsx';
import { useAreaSearch } from '../area-search/index.ts';
import { CHANGE_TILE_CAP, CHANGE_ZOOM, ChangeTileCapError, prepareChangeWorker } from '../change/index.ts';
import { coverageSearchQueryOptions } from '../../catalog/coverage-queries.ts';
import { CaptureChoiceForm, chosenSides } from './CaptureChoiceForm.tsx';
import { ChangesResults } from './ChangesResults.tsx';
import { formatEta } from './change-spots.ts';
import { changeRunQueryOptions, findChangesKeys } from './find-changes-queries.ts';
import { findChangesStore, useFindChanges } from './find-changes-store.ts';
import './find-changes.css';

const CAP_NOTE =
  `Compares the area's tiles at zoom ${CHANGE_ZOOM} (about 240 m across), at most ` +
  `${formatCount(CHANGE_TILE_CAP)} at once.`;

/** "Find changes" in the area search: two captures of the area compared tile by tile, its progress and its answer. */
export function FindChanges({ connection }: { connection: Connection }) {
  const search = useAreaSearch((s) => s.search);
  const area = useAreaSearch((s) => s.area);
  const state = {
    choice: useFindChanges((s) => s.choice),
    before: useFindChanges((s) => s.before),
    after: useFindChanges((s) => s.after),
    day: useFindChanges((s) => s.day),
  };
  const open = useFindChanges((s) => s.open);
  const run = useFindChanges((s) => s.run);
  const progress = useFindChanges((s) => s.progress);
  const queryClient = useQueryClient();
  const surveysQuery = useQuery(coverageSearchQueryOptions(connection, search));
  const surveys = surveysQuery.data ?? [];
  const shownRun = run && run.wkt === search?.wkt ? run : null;
  const query = useQuery(changeRunQueryOptions(connection, shownRun));
  const canRun = (surveysQuery.data?.length ?? 0) >= 2;
  // The engine's worker starts loading while the captures are chosen.
  useEffect(() => (open && canRun ? prepareChangeWorker() : undefined), [open, canRun]);
  const tileCount = useMemo(() => {
    if (!area || !open) return null;
    const tiles = tilesCovering(area.geometry, CHANGE_ZOOM, { cap: CHANGE_TILE_CAP });
    return tiles.kind === 'tiles' ? tiles.tiles.length : null;
  }, [area, open]);

  if (!search || !area) return null;
  const { sides, why } = open ? chosenSides(surveys, state) : { sides: null, why: '' };
  const running = shownRun !== null && query.isFetching;
  const overCap = tileCount === null;
  const start = () => sides && findChangesStore.getState().findChangesAsked({ ...sides, wkt: search.wkt });
  const cancel = () => {
    if (shownRun) void queryClient.cancelQueries({ queryKey: findChangesKeys.run(connection.baseUrl, shownRun) });
    findChangesStore.getState().runCancelled();
  };

  return (
    <section className="panel-section find-changes" aria-label="Find changes">
      <h2 className="panel-section__title">Find changes</h2>
      {surveys.length < 2 ? (
        <p className="panel-section__empty">
          {surveysQuery.isPending
            ? 'Looking for surveys…'
            : surveysQuery.isError
              ? 'The surveys of the area could not be listed (see Coverage).'
              : 'Find changes needs two surveys of the area.'}
        </p>
      ) : !open ? (
        <p className="find-changes__intro">
          Where did the area change between two of its {formatCount(surveys.length)} surveys?{' '}
          <button
            type="button"
            className="button button--small"
            aria-expanded={false}
            onClick={() => findChangesStore.getState().findChangesOpened()}
          >
            Choose two captures
          </button>
        </p>
      ) : (
        <>
          <CaptureChoiceForm surveys={surveys} />
          <p className="find-changes__cap">
            {CAP_NOTE}{' '}
            {overCap
              ? `This area has more than ${formatCount(CHANGE_TILE_CAP)}: choose a smaller area.`
              : `This area: ${formatCount(tileCount)} tiles.`}
          </p>
          <div className="find-changes__actions">
            <button
              type="button"
              className="button button--primary button--small"
              disabled={!sides || overCap || running}
              title={sides ? undefined : why}
              onClick={start}
            >
              Find changes
            </button>
            {running && (
              <button type="button" className="button button--small" onClick={cancel}>
                Cancel
              </button>
            )}
          </div>
          {!sides && <p className="find-changes__why">{why}</p>}
        </>
      )}
      {running && (
        <div className="find-changes__progress" role="status" aria-live="polite">
          <progress
            aria-label="Find changes progress"
            max={progress?.total || undefined}
            value={progress?.total ? progress.done : undefined}
          />
          <span>
            {progress
              ? `${formatCount(progress.done)} of ${formatCount(progress.total)} tile pairs compared` +
                (formatEta(progress) ? ` · ${formatEta(progress)}` : '')
              : 'Listing the tiles of both surveys…'}
          </span>
        </div>
      )}
      {shownRun && query.isError && (
        <ErrorNotice
          compact
          title={query.error instanceof ChangeTileCapError ? 'Too many tiles' : 'Find changes'}
          error={query.error}
          onRetry={query.error instanceof ChangeTileCapError ? undefined : () => void query.refetch()}
        />
      )}
      {shownRun && query.data && <ChangesResults run={shownRun} answer={query.data} />}
    </section>
  );
}
