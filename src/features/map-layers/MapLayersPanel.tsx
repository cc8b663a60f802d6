import { type ReactNode, useId } from 'react';
import { createPortal } from 'react-dom';
import type { SurveyMap } from '../../map/survey-map.ts';
import { MAX_CLOUD_CHOICES, mapLayersStore, useMapLayers } from '../../state/map-layers-store.ts';
import { uiStore, useUi } from '../../state/ui-store.ts';
import { BILLED_MIN_ZOOM, usageStore, useUsage } from '../../state/usage-store.ts';

const maxCloudLabel = (percent: number | null) =>
  percent === null ? 'Any cloud' : percent === 0 ? 'No cloud' : `Cloud ≤ ${percent}%`;

/**
 * In a map corner: the footprints and latest-imagery toggles (with the latter's cloud limit), when the tile under the
 * cursor was captured, and the session's billed-tile meter. On a phone it is a "Layers" button until opened.
 */
export function MapLayersPanel({
  surveyMap,
  children,
}: {
  surveyMap: SurveyMap;
  /** Other features' controls shown between the layers and the meter (save image, report, capture readout). */
  children?: ReactNode;
}) {
  const latest = useUi((s) => s.latestImagery);
  const footprintsShown = useMapLayers((s) => s.footprintsShown);
  const maxCloud = useMapLayers((s) => s.latestMaxCloud);
  const tiles = useUsage((s) => s.imageryTiles);
  const open = useUi((s) => s.layersPanelOpen);
  const bodyId = useId();
  return createPortal(
    <div className={open ? 'map-layers is-open' : 'map-layers'} role="group" aria-label="Map layers and usage">
      <button
        type="button"
        className="map-layers__disclosure"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => uiStore.getState().layersPanelToggled()}
      >
        Layers
      </button>
      <div id={bodyId} className="map-layers__body">
        <label className="map-layers__toggle" title="Survey outlines; hide them to see the imagery unobstructed">
          <input
            type="checkbox"
            checked={footprintsShown}
            onChange={() => mapLayersStore.getState().footprintsToggled()}
          />
          Footprints
        </label>
        <label
          className="map-layers__toggle"
          title="The most recent imagery at every place (zoom in to see it), under everything else"
        >
          <input
            type="checkbox"
            checked={latest}
            onChange={() => uiStore.getState().latestImageryToggled()}
            aria-keyshortcuts="L"
          />
          Latest imagery
        </label>
        {latest && (
          <label className="map-layers__cloud">
            <span className="visually-hidden">Latest imagery: skip captures cloudier than</span>
            <select
              value={maxCloud ?? ''}
              onChange={(e) =>
                mapLayersStore
                  .getState()
                  .latestMaxCloudChosen(MAX_CLOUD_CHOICES.find((c) => String(c ?? '') === e.target.value) ?? null)
              }
            >
              {MAX_CLOUD_CHOICES.map((percent) => (
                <option key={percent ?? 'any'} value={percent ?? ''}>
                  {maxCloudLabel(percent)}
                </option>
              ))}
            </select>
          </label>
        )}
        {children}
        <div className="map-layers__usage" role="status" aria-live="off">
          <span
            className="map-layers__usage-label"
            title={`Imagery tiles at zoom ${BILLED_MIN_ZOOM} and deeper that this tab requested; providers bill these`}
          >
            Tiles this session
          </span>
          <output
            className="map-layers__usage-count"
            aria-label={`${tiles} imagery tiles at zoom ${BILLED_MIN_ZOOM} or deeper requested this session`}
          >
            {tiles.toLocaleString()}
          </output>
          <button
            type="button"
            className="button button--link map-layers__reset"
            onClick={() => usageStore.getState().usageReset()}
            disabled={tiles === 0}
          >
            Reset
          </button>
        </div>
      </div>
    </div>,
    surveyMap.layersPanelContainer(),
  );
}
