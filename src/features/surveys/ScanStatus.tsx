import { describeScan, type ScanPhase, type ScanProgress } from './catalog-scan.ts';
import { SORT_LABELS } from './survey-filters.ts';
import type { SurveySort } from '../../state/filter-store.ts';

interface ScanStatusProps {
  progress: ScanProgress;
  phase: ScanPhase;
  sort: SurveySort;
  onStop(): void;
  onContinue(): void;
}

/** How far the filters' search through the catalog got, with a way to stop it and to go on. */
export function ScanStatus({ progress, phase, sort, onStop, onContinue }: ScanStatusProps) {
  const { searched, total, wholeCatalog } = progress;
  return (
    <div className={`scan-status scan-status--${phase}`}>
      <div className="scan-status__line">
        <p className={phase === 'searching' ? 'scan-status__text spinner-text' : 'scan-status__text'} role="status">
          {describeScan(progress, phase)}
        </p>
        {phase === 'searching' && (
          <button type="button" className="button button--small" onClick={onStop}>
            Stop
          </button>
        )}
        {phase === 'stopped' && (
          <button type="button" className="button button--small" onClick={onContinue}>
            Continue
          </button>
        )}
      </div>
      {phase !== 'done' && total !== null && total > 0 && (
        <progress
          className="scan-status__bar"
          max={total}
          value={Math.min(searched, total)}
          aria-label="Catalog searched"
        />
      )}
      {wholeCatalog && phase === 'searching' && (
        <p className="scan-status__note">{SORT_LABELS[sort]} needs the whole catalog, so every page is read.</p>
      )}
      {wholeCatalog && phase === 'stopped' && (
        <p className="scan-status__note">{SORT_LABELS[sort]} among the surveys searched so far only.</p>
      )}
      {!wholeCatalog && phase === 'paused' && (
        <p className="scan-status__note">More of the catalog is searched as you scroll.</p>
      )}
    </div>
  );
}
