import type { Connection } from '../../api/connection.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { sideBySideStore, useSideBySide } from '../../state/side-by-side-store.ts';
import { cursorTileHint, useCursorTile } from '../compare/index.ts';
import { SideBySidePane } from './SideBySidePane.tsx';

/**
 * Up to four captures of the view in synchronized maps over the main one (which moves with them, so that closing
 * leaves the same view): each labelled with its survey, capture window and the capture of the tile under the pointer.
 */
export function SideBySideView({ connection, surveyMap }: { connection: Connection; surveyMap: SurveyMap }) {
  const panes = useSideBySide((s) => s.panes);
  // The maps move together, so the pointer on any of them is over the same tile of every one.
  const cursor = useCursorTile(surveyMap);
  if (panes.length === 0) return null;
  const hint = cursorTileHint(cursor);
  return (
    <section className="side-by-side" data-count={panes.length} aria-label="Side by side">
      <header className="side-by-side__header">
        <h2 className="side-by-side__title">Side by side</h2>
        <p className="side-by-side__hint">{hint ?? 'Pan or zoom any map: all move together.'}</p>
        <button
          type="button"
          className="icon-button"
          aria-label="Close side by side"
          onClick={() => sideBySideStore.getState().sideBySideClosed()}
        >
          ×
        </button>
      </header>
      <div className="side-by-side__grid">
        {panes.map((imagery, i) => (
          // By place, not by imagery: a pane given another capture keeps its map.
          <SideBySidePane
            // biome-ignore lint/suspicious/noArrayIndexKey: the pane's place is its identity
            key={i}
            connection={connection}
            surveyMap={surveyMap}
            imagery={imagery}
            place={i + 1}
            cursor={cursor}
          />
        ))}
      </div>
    </section>
  );
}
