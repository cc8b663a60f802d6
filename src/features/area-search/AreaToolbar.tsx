import { useCallback, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { AreaTool } from '../../map/area-drawing.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { areaSearchStore, useAreaSearch } from './area-search-store.ts';
import { uiStore } from '../../state/ui-store.ts';
import { useAreaFormat } from '../../units/use-area-format.ts';
import { crossingWarning, useLiveSize } from './use-live-size.ts';
import { CircleIcon, EditIcon, FreehandIcon, PolygonIcon, RectangleIcon, TrashIcon } from './icons.tsx';
import { MAP_PANEL } from '../../map/map-camera.ts';

interface ToolSpec {
  tool: Exclude<AreaTool, 'static'>;
  label: string;
  icon: ReactNode;
  hint: string;
}

const DRAW_TOOLS: ToolSpec[] = [
  {
    tool: 'polygon',
    label: 'Draw polygon',
    icon: <PolygonIcon />,
    hint: 'Click to add corners; click the first corner or press Enter to finish.',
  },
  {
    tool: 'rectangle',
    label: 'Draw rectangle',
    icon: <RectangleIcon />,
    hint: 'Drag across the area, or click two opposite corners.',
  },
  {
    tool: 'circle',
    label: 'Draw circle',
    icon: <CircleIcon />,
    hint: 'Drag out from the centre, or click the centre and then the edge.',
  },
  {
    tool: 'freehand',
    label: 'Freehand',
    icon: <FreehandIcon />,
    hint: 'Drag around the area, or click, move round it and click again.',
  },
];

const EDIT_HINT = 'Drag a corner to move it, a midpoint to add one. Delete removes the area.';

/** The drawing tools, over the map's top left corner, and a hint for the active one. */
export function AreaToolbar({ surveyMap }: { surveyMap: SurveyMap }) {
  const subscribe = useCallback((onChange: () => void) => surveyMap.on('areaToolsReady', onChange), [surveyMap]);
  const ready = useSyncExternalStore(subscribe, () => surveyMap.drawing.isReady());
  const tool = useAreaSearch((s) => s.tool);
  const area = useAreaSearch((s) => s.area);
  const live = useLiveSize(surveyMap);
  const formatArea = useAreaFormat();

  const choose = (next: AreaTool) => {
    uiStore.getState().sidebarTabChosen('area');
    surveyMap.drawing.startTool(tool === next ? 'static' : next);
  };
  const deleteArea = () => {
    surveyMap.drawing.startTool('static');
    areaSearchStore.getState().areaDeleted();
  };

  useEffect(() => {
    if (tool === 'static') return;
    // Escape leaves the tool, dropping a half-drawn shape (wherever the focus is).
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') surveyMap.drawing.startTool('static');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [surveyMap, tool]);

  const active = DRAW_TOOLS.find((t) => t.tool === tool);
  const hint = active?.hint ?? (tool === 'select' ? EDIT_HINT : null);
  const editTitle = !area
    ? 'Edit area (draw or load one first)'
    : area.hasHoles
      ? 'Areas with holes cannot be edited on the map; paste or import a new one instead.'
      : 'Edit area';

  return (
    <>
      <div className="area-toolbar" {...MAP_PANEL} role="toolbar" aria-label="Area tools" aria-orientation="vertical">
        {DRAW_TOOLS.map(({ tool: t, label, icon }) => (
          <button
            key={t}
            type="button"
            className="tool-button"
            aria-label={label}
            title={label}
            aria-pressed={tool === t}
            disabled={!ready}
            onClick={() => choose(t)}
          >
            {icon}
          </button>
        ))}
        <div className="area-toolbar__separator" role="separator" />
        <button
          type="button"
          className="tool-button"
          aria-label="Edit area"
          title={editTitle}
          aria-pressed={tool === 'select'}
          disabled={!ready || !area || area.hasHoles}
          onClick={() => choose('select')}
        >
          <EditIcon />
        </button>
        <button
          type="button"
          className="tool-button tool-button--danger"
          aria-label="Delete area"
          title="Delete area"
          disabled={!area}
          onClick={deleteArea}
        >
          <TrashIcon />
        </button>
      </div>
      {hint && (
        <div className={live?.crosses ? 'draw-hint draw-hint--crossing' : 'draw-hint'} role="status">
          <span>{live?.crosses ? crossingWarning : hint}</span>
          {live && <span className="draw-hint__size">{formatArea(live.km2)}</span>}
          <button type="button" className="button button--small" onClick={() => surveyMap.drawing.startTool('static')}>
            {tool === 'select' ? 'Done' : 'Cancel'}
          </button>
        </div>
      )}
    </>
  );
}
