import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { annotationsFromGeoJson, annotationsToGeoJson } from './annotation.ts';
import { annotationPersistence } from './annotation-persistence.ts';
import { saveBlob } from '../../ui/save-file.ts';
import { annotationsStore, useAnnotations } from './annotations-store.ts';
import { useRowVirtualizer } from '../../ui/listbox/use-row-virtualizer.ts';
import { AnnotationItem } from './AnnotationItem.tsx';
import './annotations.css';
import { fileStamp } from '../../format/date-format.ts';

/** An annotation's usual height; rows are measured once drawn (a long note, an open edit form). */
const ROW_HEIGHT = 150;
const ROW_GAP = 8;

/** The Notes tab: the user's annotations, kept in this browser; exported and imported as GeoJSON. */
export function AnnotationsPanel() {
  const annotations = useAnnotations((s) => s.annotations);
  const loaded = useAnnotations((s) => s.loaded);
  const saveProblem = useAnnotations((s) => s.saveProblem);
  const omitted = useAnnotations((s) => s.omittedFromLink);
  const [imported, setImported] = useState<{ name: string; added: number; rejected: string[] } | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => void annotationPersistence(), []);
  // Only the rows in sight (and a few around) are in the DOM: an import can bring thousands.
  const virtualizer = useRowVirtualizer({
    count: annotations.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    gap: ROW_GAP,
    overscan: 4,
    getItemKey: (index) => annotations[index].id,
  });

  const exportGeoJson = () => {
    const json = JSON.stringify(annotationsToGeoJson(annotations), null, 2);
    saveBlob(`annotations-${fileStamp(new Date())}.geojson`, new Blob([json], { type: 'application/geo+json' }));
  };

  const importGeoJson = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    let json: unknown;
    try {
      json = JSON.parse(await chosen.text());
    } catch {
      setImported({ name: chosen.name, added: 0, rejected: ['The file is not JSON.'] });
      return;
    }
    const read = annotationsFromGeoJson(json);
    annotationsStore.getState().annotationsImported(read.annotations);
    setImported({ name: chosen.name, added: read.annotations.length, rejected: read.rejected });
  };

  return (
    <section className="panel-section annotations" aria-labelledby="annotations-heading">
      <div className="annotations__header">
        <h2 id="annotations-heading" className="panel-section__title">
          Annotations {loaded && <span className="annotations__count">{annotations.length}</span>}
        </h2>
        <div className="button-row">
          <button
            type="button"
            className="button button--small"
            disabled={annotations.length === 0}
            onClick={exportGeoJson}
          >
            Export GeoJSON
          </button>
          <button type="button" className="button button--small" onClick={() => file.current?.click()}>
            Import GeoJSON
          </button>
          <input
            ref={file}
            type="file"
            accept=".geojson,.json,application/geo+json,application/json"
            hidden
            aria-label="GeoJSON file of annotations"
            onChange={(e) => void importGeoJson(e)}
          />
        </div>
      </div>
      {saveProblem && (
        <div className="error-notice error-notice--compact" role="alert">
          <p className="error-notice__message">{saveProblem}</p>
          <button type="button" className="button button--small" onClick={() => void annotationPersistence().retry()}>
            Try saving again
          </button>
        </div>
      )}
      {omitted !== null && (
        <p className="panel-section__hint" role="status">
          The link had {omitted} annotations, too many to carry: ask its sender for their GeoJSON export.
        </p>
      )}
      {imported && (
        <div className="panel-section__hint" role="status">
          {imported.name}: {imported.added} annotation{imported.added === 1 ? '' : 's'} imported
          {imported.rejected.length > 0 && (
            <ul className="annotations__rejected">
              {imported.rejected.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {loaded && annotations.length === 0 && (
        <p className="panel-section__empty">
          Measure a point, a distance or an area on the map (the tools under the area tools), then choose{' '}
          <strong>Save as annotation</strong> to keep it here with a title, a note and the capture under it.
        </p>
      )}
      <div ref={scroller} className="annotations__scroller">
        <ul className="annotations__list" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map(({ index, start }) => (
            <AnnotationItem
              key={annotations[index].id}
              annotation={annotations[index]}
              row={{
                ref: virtualizer.measureElement,
                'data-index': index,
                'aria-setsize': annotations.length,
                'aria-posinset': index + 1,
                style: { transform: `translateY(${start}px)` },
              }}
            />
          ))}
        </ul>
      </div>
    </section>
  );
}
