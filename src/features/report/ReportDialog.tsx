import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { Connection } from '../../api/connection.ts';
import { currentPageUrl } from '../../links/current-page-url.ts';
import { saveBlob } from '../../ui/save-file.ts';
import { stripCredentials } from '../../area/strip-credentials.ts';
import type { PrintChoice } from '../../map/print-style.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { areaSearchStore } from '../area-search/index.ts';
import { compareStore } from '../../state/compare-store.ts';
import { reportStore, useReportForm } from './report-store.ts';
import { selectionStore } from '../../state/selection-store.ts';
import { unitsStore } from '../../state/units-store.ts';
import { formatBytes } from '../../format/coverage-format.ts';
import { ErrorNotice } from '../../ui/errors/ErrorNotice.tsx';
import { Field } from '../../ui/fields/Field.tsx';
import { makeReport, PRINT_DPI, type ReportProgress } from './make-report.ts';
import { annotationRows, viewFacts } from './report-facts.ts';
import { annotationsStore } from '../annotations/index.ts';
import type { Orientation, Paper } from './report-pdf.ts';
import { measureOf } from '../measure/index.ts';
import './report.css';
import { fileStamp } from '../../format/date-format.ts';
import { UndrawableNotice } from './UndrawableNotice.tsx';

/** Whether a mark is printed: as the user chose, else as its slot says. */
const printed = (choice: PrintChoice, chosen: Readonly<Record<string, boolean>>) =>
  chosen[choice.label] ?? choice.printedByDefault;

const close = () => reportStore.getState().reportDialogClosed();
const cancelled = () => new DOMException('The report was cancelled.', 'AbortError');

function progressText(progress: ReportProgress): string {
  if (progress.phase === 'map')
    return `Drawing the map at print resolution: ${progress.loaded} of ${progress.requested} tiles`;
  if (progress.phase === 'captures') return `Looking up when the ${progress.tiles} printed tiles were captured…`;
  return 'Writing the PDF…';
}

/** What the report says about the view, read from the map and the stores at the moment it is made. */
function currentFacts(surveyMap: SurveyMap) {
  const compare = compareStore.getState();
  const compared = compare.active && compare.a && compare.b ? { a: compare.a, b: compare.b } : null;
  const facts = viewFacts({
    centre: surveyMap.camera.getCenter(),
    zoom: surveyMap.camera.getZoom(),
    selectedId: selectionStore.getState().selectedId,
    compared,
    area: areaSearchStore.getState().area,
    measurement: measureOf(surveyMap).getState().measurement,
    units: unitsStore.getState().system,
  });
  const labels: [string, string] | null = compared ? [`Left (A): ${compared.a}`, `Right (B): ${compared.b}`] : null;
  const annotations = annotationRows(annotationsStore.getState().annotations, surveyMap.camera.getBounds());
  return { facts, labels, annotations };
}

type Run =
  | { status: 'idle' }
  | { status: 'running'; progress: ReportProgress | null }
  | { status: 'saved'; name: string; size: number }
  | { status: 'failed'; error: unknown };

/** "Export report": title, notes and page, then a PDF of the map as shown with its imagery's capture dates. */
export default function ReportDialog({ connection, surveyMap }: { connection: Connection; surveyMap: SurveyMap }) {
  const titleId = useId();
  const form = useReportForm((s) => s);
  const [run, setRun] = useState<Run>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const titleField = useRef<HTMLInputElement>(null);
  // What the map draws over the imagery as the dialog opens: each can be left out of the print.
  const [overlays] = useState(() => surveyMap.render.printChoices());
  const running = run.status === 'running';
  // The annotations in view as the dialog opens: their titles and notes are printed too.
  const [annotationText] = useState(() => currentFacts(surveyMap).annotations.flat().join('\n'));
  const printedText = useMemo(() => [form.title, form.notes, annotationText].join('\n'), [form, annotationText]);

  const cancel = () => controller.current?.abort(cancelled());
  useEffect(() => {
    titleField.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      controller.current?.abort(cancelled());
      close();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      controller.current?.abort(cancelled());
    };
  }, []);

  const download = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setRun({ status: 'running', progress: null });
    const { facts, labels, annotations } = currentFacts(surveyMap);
    try {
      const blob = await makeReport(
        connection,
        surveyMap,
        {
          title: form.title,
          notes: form.notes,
          paper: form.paper,
          orientation: form.orientation,
          facts,
          annotations,
          hideOverlays: overlays.filter((o) => !printed(o, form.printedOverlays)).map((o) => o.label),
          compareLabels: labels,
          shareLink: stripCredentials(currentPageUrl()),
        },
        { signal: abort.signal, onProgress: (progress) => setRun({ status: 'running', progress }) },
      );
      const name = `survey-report-${fileStamp(new Date())}.pdf`;
      saveBlob(name, blob);
      setRun({ status: 'saved', name, size: blob.size });
    } catch (error) {
      setRun(abort.signal.aborted ? { status: 'idle' } : { status: 'failed', error });
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  };

  const edit = reportStore.getState().reportFormEdited;
  const progress = run.status === 'running' ? run.progress : null;
  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a click beside the dialog closes it; Escape and Close too
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && !running && close()}>
      <div className="dialog report-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <form
          className="report-dialog__form"
          onSubmit={(event) => {
            event.preventDefault();
            if (!running) void download();
          }}
        >
          <h2 id={titleId} className="dialog__title">
            Export report
          </h2>
          <p className="dialog__subtitle">
            A PDF of the map as shown, drawn again at {PRINT_DPI} dpi, with the capture dates of the imagery in it (each
            printed tile's metadata is asked for), the view's measurements and area, your notes and a link back.
          </p>
          <Field label="Title">
            {(control) => (
              <input
                {...control}
                ref={titleField}
                className="field__input"
                value={form.title}
                placeholder="Survey Viewer report"
                disabled={running}
                onChange={(e) => edit({ title: e.target.value })}
              />
            )}
          </Field>
          <Field label="Notes">
            {(control) => (
              <textarea
                {...control}
                className="field__input"
                rows={4}
                value={form.notes}
                disabled={running}
                onChange={(e) => edit({ notes: e.target.value })}
              />
            )}
          </Field>
          <UndrawableNotice text={printedText} />
          <div className="report-dialog__page">
            <Field label="Paper">
              {(control) => (
                <select
                  {...control}
                  className="field__input field__input--select"
                  value={form.paper}
                  disabled={running}
                  onChange={(e) => edit({ paper: e.target.value as Paper })}
                >
                  <option value="A4">A4</option>
                  <option value="Letter">Letter</option>
                </select>
              )}
            </Field>
            <Field label="Orientation">
              {(control) => (
                <select
                  {...control}
                  className="field__input field__input--select"
                  value={form.orientation}
                  disabled={running}
                  onChange={(e) => edit({ orientation: e.target.value as Orientation })}
                >
                  <option value="portrait">Portrait</option>
                  <option value="landscape">Landscape</option>
                </select>
              )}
            </Field>
          </div>
          {overlays.length > 0 && (
            <fieldset className="report-dialog__overlays" disabled={running}>
              <legend className="field__label">Drawn over the imagery</legend>
              {overlays.map((overlay) => (
                <label key={overlay.label} className="checkbox">
                  <input
                    type="checkbox"
                    checked={printed(overlay, form.printedOverlays)}
                    onChange={(e) => reportStore.getState().reportOverlayToggled(overlay.label, e.target.checked)}
                  />
                  {overlay.label}
                </label>
              ))}
            </fieldset>
          )}
          <div role="status" className="report-dialog__progress">
            {running && (
              <>
                <progress
                  value={progress?.phase === 'map' && progress.requested > 0 ? progress.loaded : undefined}
                  max={progress?.phase === 'map' ? Math.max(1, progress.requested) : undefined}
                  aria-label="Report progress"
                />
                <span>{progress ? progressText(progress) : 'Starting…'}</span>
              </>
            )}
            {run.status === 'saved' && (
              <p className="report-dialog__saved">
                Saved {run.name} ({formatBytes(run.size)}).
              </p>
            )}
          </div>
          {run.status === 'failed' && (
            <ErrorNotice title="The report was not made" error={run.error} onRetry={() => void download()} />
          )}
          <div className="dialog__actions">
            {running ? (
              <button type="button" className="button" onClick={cancel}>
                Cancel
              </button>
            ) : (
              <button type="button" className="button" onClick={close}>
                Close
              </button>
            )}
            <button type="submit" className="button button--primary" disabled={running}>
              {running ? 'Making the report…' : 'Download PDF'}
            </button>
          </div>
        </form>
      </div>
    </div>,
    document.body,
  );
}
