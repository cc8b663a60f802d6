import { createPortal } from 'react-dom';
import type { SurveyMap } from '../../map/survey-map.ts';
import { uiStore, useUi } from '../../state/ui-store.ts';
import { BILLED_MIN_ZOOM, usageStore, useUsage } from '../../state/usage-store.ts';

/** In a map corner: the latest-imagery toggle and the session's billed-tile meter. */
export function MapLayersPanel({ surveyMap }: { surveyMap: SurveyMap }) {
  const latest = useUi((s) => s.latestImagery);
  const tiles = useUsage((s) => s.imageryTiles);
  return createPortal(
    <div className="map-layers" role="group" aria-label="Map layers and usage">
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
    </div>,
    surveyMap.layersPanelContainer(),
  );
}
