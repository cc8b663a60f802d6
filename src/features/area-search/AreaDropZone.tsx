import { useEffect, useRef, useState } from 'react';
import { importAreaFile } from './import-area.ts';

const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;

/** Dropping a GeoJSON, KML, KMZ or WKT file on the map imports it as the area. */
export function AreaDropZone() {
  const overlay = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    const pane = overlay.current?.parentElement;
    if (!pane) return;
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth += 1;
      setDragging(true);
    };
    const over = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setDragging(false);
      const file = event.dataTransfer?.files[0];
      if (file) void importAreaFile(file);
    };
    pane.addEventListener('dragenter', enter);
    pane.addEventListener('dragover', over);
    pane.addEventListener('dragleave', leave);
    pane.addEventListener('drop', drop);
    return () => {
      pane.removeEventListener('dragenter', enter);
      pane.removeEventListener('dragover', over);
      pane.removeEventListener('dragleave', leave);
      pane.removeEventListener('drop', drop);
    };
  }, []);

  return (
    <div ref={overlay} className={dragging ? 'drop-zone is-active' : 'drop-zone'} aria-hidden={!dragging}>
      <div className="drop-zone__label">Drop a GeoJSON, KML or WKT file (or a KMZ) to use it as the area</div>
    </div>
  );
}
