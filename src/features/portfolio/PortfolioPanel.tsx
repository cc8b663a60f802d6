import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import type { Connection } from '../../api/connection.ts';
import { AreaInputError } from '../../area/area-input-error.ts';
import { saveBlob } from '../../ui/save-file.ts';
import { useSurveyMap } from '../../map/map-context.ts';
import { notCheckedReason } from './export-lines.ts';
import { importLocations, type ImportedLocations } from './import-locations.ts';
import { DEFAULT_BUFFER_M, extentOfLocations } from './location.ts';
import type { ColumnMapping } from './location-table.ts';
import { portfolioCsv, portfolioGeoJson } from './portfolio-export.ts';
import { portfolioRows } from './portfolio-rows.ts';
import { type ReadLocations, tableLocations } from './table-locations.ts';
import { portfolioStore, usePortfolio } from './portfolio-store.ts';
import { ColumnMappingForm } from './ColumnMappingForm.tsx';
import { ImportProblems } from './ImportProblems.tsx';
import { PortfolioRun } from './PortfolioRun.tsx';
import { PortfolioSettings } from './PortfolioSettings.tsx';
import { PortfolioTable } from './PortfolioTable.tsx';
import { usePortfolioRows } from './use-portfolio-rows.ts';
import { usePortfolioChanges } from './use-portfolio-changes.ts';
import { PortfolioChanges } from './PortfolioChanges.tsx';
import { clearPortfolio, importPortfolio, restorePortfolio } from './portfolio-runner.ts';
import './portfolio.css';

const EXPORTS = [
  { kind: 'csv', label: 'Export CSV' },
  { kind: 'geojson', label: 'Export GeoJSON' },
] as const;
const count = (n: number) => n.toLocaleString('en-US');
const rowsNotRead = (n: number) => `${count(n)} ${n === 1 ? 'row' : 'rows'} not read`;
const baseName = (name: string) => name.replace(/\.[^.]+$/, '') || 'portfolio';
/** The app's own address, without any fragment or query: what each exported link starts with. */
const appUrl = () => `${window.location.origin}${window.location.pathname}`;

/** The Portfolio tab: import many locations, check which surveys cover each, read and export the answers. */
export function PortfolioPanel({ connection }: { connection: Connection }) {
  const { portfolio, rows } = usePortfolioRows();
  const answered = usePortfolio((s) => s.results.size);
  const checking = usePortfolio((s) => s.run.status === 'running');
  const { plan, query: changeQuery, queryKey: changeKey } = usePortfolioChanges(connection, portfolio, rows);
  const surveyMap = useSurveyMap();
  const [draft, setDraft] = useState<Extract<ImportedLocations, { kind: 'table' }> | null>(null);
  const [reading, setReading] = useState(false);
  const [saving, setSaving] = useState<number | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const file = useRef<HTMLInputElement>(null);
  useEffect(() => void restorePortfolio(), []);

  const keep = async (fileName: string, source: 'table' | 'features', read: ReadLocations) => {
    setDraft(null);
    setSaving(read.locations.length);
    const extent = extentOfLocations(read.locations);
    if (extent) surveyMap?.camera.fitBounds(extent);
    try {
      await importPortfolio({
        fileName,
        source,
        columns: read.columns,
        locations: read.locations,
        problems: read.problems,
        radiusM: portfolio?.radiusM ?? DEFAULT_BUFFER_M,
        eventDate: portfolio?.eventDate ?? null,
        maxCloudCover: portfolio?.maxCloudCover ?? null,
      });
    } catch (error) {
      setImportError(
        `The locations could not be kept in this browser (${error instanceof Error ? error.message : error}): ` +
          'they are here until the page is left.',
      );
    } finally {
      setSaving(null);
    }
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setReading(true);
    setImportError(null);
    setDraft(null);
    try {
      const imported = await importLocations(chosen);
      if (imported.kind === 'table') setDraft(imported);
      else await keep(imported.fileName, 'features', imported.read);
    } catch (error) {
      setImportError(
        error instanceof AreaInputError
          ? error.message
          : `${chosen.name} could not be read: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      setReading(false);
    }
  };

  const useMapping = (mapping: ColumnMapping) => {
    if (draft) void keep(draft.fileName, 'table', tableLocations(draft.table, mapping));
  };

  const exportAs = (kind: 'csv' | 'geojson') => {
    if (!portfolio) return;
    // Every answer so far, not the table's (refreshed once a second).
    const { results, surveys, run, failure } = portfolioStore.getState();
    const rows = portfolioRows(portfolio.locations, results, surveys, portfolio);
    const context = {
      appUrl: appUrl(),
      refused: run.refused ?? [],
      notChecked: notCheckedReason(run.status, failure),
      changes: changeQuery.data,
    };
    const name = `${baseName(portfolio.fileName)}-coverage.${kind}`;
    const body =
      kind === 'csv'
        ? new Blob([portfolioCsv(portfolio, rows, context)], { type: 'text/csv' })
        : new Blob([JSON.stringify(portfolioGeoJson(portfolio, rows, context))], { type: 'application/geo+json' });
    saveBlob(name, body);
  };

  return (
    <section className="panel-section portfolio" aria-labelledby="portfolio-heading">
      <div className="portfolio__header">
        <h2 id="portfolio-heading" className="panel-section__title">
          Portfolio
        </h2>
        <div className="button-row">
          <button type="button" className="button button--small" onClick={() => file.current?.click()}>
            Import locations
          </button>
          <input
            ref={file}
            type="file"
            hidden
            accept=".csv,.tsv,.txt,.geojson,.json,.kml,.kmz,.zip"
            aria-label="Locations file"
            onChange={(event) => void choose(event)}
          />
          {/* Every row is exported with its status, checked or not: there is something to export once imported. */}
          {portfolio &&
            EXPORTS.map(({ kind, label }) => (
              <button key={kind} type="button" className="button button--small" onClick={() => exportAs(kind)}>
                {label}
              </button>
            ))}
        </div>
      </div>
      {!portfolio && !draft && !reading && (
        <p className="panel-section__empty">
          Import a list of locations (CSV with latitude/longitude or WKT columns, GeoJSON, KML/KMZ or a zipped
          shapefile) to find which surveys cover each of them, and which imagery was captured before and after an event.
        </p>
      )}
      {(reading || saving !== null) && (
        <p className="panel-section__empty" role="status">
          <span className="spinner-text">
            {saving !== null ? `Keeping ${count(saving)} locations in this browser…` : 'Reading the file…'}
          </span>
        </p>
      )}
      {importError && (
        <p className="field__error" role="alert">
          {importError}
        </p>
      )}
      {draft && (
        <ColumnMappingForm
          fileName={draft.fileName}
          table={draft.table}
          encoding={draft.encoding}
          detected={draft.mapping}
          onUse={useMapping}
          onCancel={() => setDraft(null)}
        />
      )}
      {portfolio && (
        <>
          <p className="portfolio__summary">
            <strong>{count(portfolio.locations.length)}</strong>{' '}
            {portfolio.locations.length === 1 ? 'location' : 'locations'} from {portfolio.fileName}
            {portfolio.problems.length > 0 && ` · ${rowsNotRead(portfolio.problems.length)}`}{' '}
            <button type="button" className="button button--link" onClick={() => void clearPortfolio()}>
              Remove
            </button>
          </p>
          <ImportProblems problems={portfolio.problems} />
          <PortfolioSettings portfolio={portfolio} hasResults={answered > 0} />
          <PortfolioRun connection={connection} total={portfolio.locations.length} />
          {/* Scored once the check is over: until then the pairs are still arriving. */}
          {portfolio.eventDate && answered > 0 && !checking && (
            <PortfolioChanges plan={plan} query={changeQuery} queryKey={changeKey} rows={rows} />
          )}
          <PortfolioTable rows={rows} rules={portfolio} changes={changeQuery.data} />
        </>
      )}
    </section>
  );
}
