import {
  TerraDrawCircleMode,
  TerraDrawFreehandMode,
  TerraDrawPolygonMode,
  TerraDrawRectangleMode,
  TerraDrawSelectMode,
  type HexColor,
} from 'terra-draw';

export const areaColours = {
  fill: '#0d9488',
  outline: '#0f766e',
  handle: '#ffffff',
  selected: '#115e59',
} as const satisfies Record<string, HexColor>;

const areaStyle = {
  fillColor: areaColours.fill,
  fillOpacity: 0.14,
  outlineColor: areaColours.outline,
  outlineWidth: 2.5,
} as const;

const handleStyle = {
  closingPointColor: areaColours.handle,
  closingPointOutlineColor: areaColours.outline,
  closingPointWidth: 6,
  closingPointOutlineWidth: 2,
} as const;

const editableVertices = {
  feature: { draggable: false, coordinates: { draggable: true, midpoints: true, deletable: true } },
};

/**
 * Polygon by clicks; rectangle, circle and freehand by click-move-click or by drag; select moves vertices and deletes
 * with the Delete key.
 */
export function createAreaModes() {
  return [
    new TerraDrawPolygonMode({ styles: { ...areaStyle, ...handleStyle } }),
    new TerraDrawRectangleMode({ styles: areaStyle, drawInteraction: 'click-move-or-drag' }),
    new TerraDrawCircleMode({ styles: areaStyle, drawInteraction: 'click-move-or-drag', segments: 64 }),
    new TerraDrawFreehandMode({ styles: { ...areaStyle, ...handleStyle }, drawInteraction: 'click-move-or-drag' }),
    new TerraDrawSelectMode({
      flags: {
        polygon: editableVertices,
        freehand: editableVertices,
        rectangle: editableVertices,
        circle: editableVertices,
      },
      keyEvents: { deselect: 'Escape', delete: 'Delete', rotate: null, scale: null },
      styles: {
        selectedPolygonColor: areaColours.fill,
        selectedPolygonFillOpacity: 0.2,
        selectedPolygonOutlineColor: areaColours.selected,
        selectedPolygonOutlineWidth: 3,
        selectionPointColor: areaColours.handle,
        selectionPointOutlineColor: areaColours.selected,
        selectionPointWidth: 5,
        selectionPointOutlineWidth: 2,
        midPointColor: areaColours.selected,
        midPointOutlineColor: areaColours.handle,
        midPointWidth: 3,
      },
    }),
  ];
}
