import type { FeatureCollection } from 'geojson';
import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import { useSurveyMap } from '../../map/map-context.ts';
import { IMAGERY_MIN_MAP_ZOOM } from '../../map/imagery-source.ts';
import { SAME_VISIT_MINUTES, surveyVisitsStore, useSurveyVisits } from './survey-visits-store.ts';
import { ErrorNotice } from '../../ui/errors/ErrorNotice.tsx';
import { formatCaptureWindow } from '../../format/survey-format.ts';
import { formatDateTime, formatDay, localDay } from '../../format/date-format.ts';
import { newCaptures, updatedTilesCollection, updatedTilesOf, updatesFrame } from './mosaic-updates-model.ts';
import { MOSAIC_UPDATES_OVERLAY, MOSAIC_UPDATES_SOURCE } from './mosaic-updates-layer.ts';
import { mosaicUpdatesQueryOptions } from './mosaic-updates-queries.ts';
import './mosaic-updates.css';
import { useMosaicUpdates, mosaicUpdatesStore } from './mosaic-updates-store.ts';

const visitRule =
  `A visit starts when you first open a survey on this device; opening it again within ${SAME_VISIT_MINUTES} ` +
  'minutes of that is the same visit.';

const plural = (n: number, word: string) => `${n.toLocaleString()} ${word}${n === 1 ? '' : 's'}`;

/**
 * "Updated since…" for the selected survey: the tiles re-published since a day (by default the user's previous visit
 * of the survey) drawn as outlines on the map, with the new captures' dates.
 */
const NO_TILES: FeatureCollection = { type: 'FeatureCollection', features: [] };

export function MosaicUpdates({ connection, surveyId }: { connection: Connection; surveyId: string }) {
  const openFor = useMosaicUpdates((s) => s.surveyId);
  const since = useMosaicUpdates((s) => s.since);
  const previousVisit = useSurveyVisits((s) => s.visits[surveyId]?.previous ?? null);
  const surveyMap = useSurveyMap();
  const open = openFor === surveyId;

  useEffect(() => {
    surveyVisitsStore.getState().surveyVisited(surveyId, new Date().toISOString());
  }, [surveyId]);

  const query = useQuery({
    ...mosaicUpdatesQueryOptions(connection, surveyId, since ?? ''),
    enabled: open && since !== null,
  });
  const tiles = useMemo(() => updatedTilesOf(query.data ?? []), [query.data]);
  const captures = useMemo(() => newCaptures(tiles), [tiles]);
  const shown = open && since !== null && query.data !== undefined;

  const overlay = useMemo(() => surveyMap?.overlay(MOSAIC_UPDATES_OVERLAY), [surveyMap]);
  useEffect(() => {
    overlay?.setData(MOSAIC_UPDATES_SOURCE, shown ? updatedTilesCollection(tiles) : NO_TILES);
  }, [overlay, shown, tiles]);
  useEffect(() => () => overlay?.setData(MOSAIC_UPDATES_SOURCE, NO_TILES), [overlay]);

  const toggle = () => {
    if (open) mosaicUpdatesStore.getState().mosaicUpdatesClosed();
    else mosaicUpdatesStore.getState().mosaicUpdatesOpened(surveyId, previousVisit ? localDay(previousVisit) : null);
  };
  // At a zoom that draws the imagery: all the updated tiles where they fit there, else the one nearest their middle.
  const zoomToUpdates = () => {
    if (!surveyMap || tiles.length === 0) return;
    const { extent, centre } = updatesFrame(tiles);
    surveyMap.camera.frame(extent, centre, IMAGERY_MIN_MAP_ZOOM);
  };

  return (
    <div className="what-changed" role="group" aria-label="What changed">
      <label className="checkbox">
        <input type="checkbox" checked={open} onChange={toggle} />
        Updated since…
      </label>
      {open && (
        <>
          <label className="what-changed__since">
            <span className="visually-hidden">Updated since</span>
            <input
              type="date"
              value={since ?? ''}
              max={localDay(new Date().toISOString())}
              onChange={(e) => mosaicUpdatesStore.getState().mosaicUpdatesSinceChosen(e.target.value || null)}
            />
          </label>
          {previousVisit ? (
            <p className="what-changed__note">Your previous visit of this survey: {formatDateTime(previousVisit)}.</p>
          ) : (
            since === null && (
              <p className="what-changed__note">No earlier visit of this survey on this device: choose a date.</p>
            )
          )}
          <p className="what-changed__rule">{visitRule}</p>
          {since !== null && query.isPending && <p className="what-changed__status">Looking for re-published tiles…</p>}
          {query.isError && (
            <ErrorNotice
              compact
              error={query.error}
              title="Could not ask which tiles were re-published"
              onRetry={() => void query.refetch()}
            />
          )}
          {shown && (
            <div className="what-changed__result" aria-live="polite">
              <p className="what-changed__summary">
                {tiles.length === 0
                  ? `No tiles re-published since ${formatDay(since)}.`
                  : `${plural(tiles.length, 'tile')} re-published since ${formatDay(since)}, outlined on the map.`}
              </p>
              {captures.length > 0 && (
                <ul className="what-changed__captures" aria-label="New captures">
                  {captures.map((capture) => (
                    <li key={`${capture.captureStart}/${capture.captureEnd}`}>
                      Captured {formatCaptureWindow(capture.captureStart, capture.captureEnd)} ·{' '}
                      {plural(capture.tiles, 'tile')}
                    </li>
                  ))}
                </ul>
              )}
              {tiles.length > 0 && (
                <button type="button" className="button button--small" onClick={zoomToUpdates}>
                  Zoom to updates
                </button>
              )}
            </div>
          )}
        </>
      )}
    </div>
  );
}
