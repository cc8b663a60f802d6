import { type ReactNode, useId } from 'react';
import { createPortal } from 'react-dom';
import type { SurveyMap } from '../../map/survey-map.ts';
import { mapLayersStore, useMapLayers } from '../../state/map-layers-store.ts';
import { MaxCloudSelect } from '../../ui/fields/MaxCloudSelect.tsx';
import { uiStore, useUi } from '../../state/ui-store.ts';
import { BILLED_MIN_ZOOM, usageStore, useUsage } from '../../state/usage-store.ts';
import { useSideBySide } from '../../state/side-by-side-store.ts';
import { usePhoneLayout } from '../../ui/phone-layout.ts';

/**
 * In a map corner: the footprints and latest-imagery toggles (with the latter's cloud limit), when the tile under the
 * cursor was captured, and the session's billed-tile meter. On a phone, and over maps side by side, it is a "Layers"
 * button with the tile count until opened.
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
  const phone = usePhoneLayout();
  const overGrid = useSideBySide((s) => s.panes.length > 0);
  const compact = phone || overGrid;
  const bodyId = useId();
  const className = `map-layers${compact ? ' map-layers--compact' : ''}${open ? ' is-open' : ''}`;
  return createPortal(
    <div className={className} role="group" aria-label="Map layers and usage">
      <button
        type="button"
        className="map-layers__disclosure"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => uiStore.getState().layersPanelToggled()}
      >
        Layers
        {!open && <span className="map-layers__tally">{tiles.toLocaleString()} tiles</span>}
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
          <MaxCloudSelect
            className="map-layers__cloud"
            label="Latest imagery: skip captures cloudier than"
            value={maxCloud}
            onChange={(percent) => mapLayersStore.getState().latestMaxCloudChosen(percent)}
          />
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
    surveyMap.panel('map-layers-slot'),
  );
}
