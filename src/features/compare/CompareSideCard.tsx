import type { Connection } from '../../api/connection.ts';
import type { CompareSide } from '../../state/compare-store.ts';
import { CapturedImagery } from './CapturedImagery.tsx';
import type { CursorTile } from './tile-under-cursor.ts';

interface CompareSideCardProps {
  connection: Connection;
  side: CompareSide;
  /** The side as the compare store holds it: a survey id, or one capture of a survey. */
  imagery: string;
  cursor: CursorTile;
}

/** One side of the comparison: its survey (or one capture), capture window, and the capture under the pointer. */
export function CompareSideCard({ connection, side, imagery, cursor }: CompareSideCardProps) {
  const letter = side.toUpperCase();
  return (
    <section className={`compare-side compare-side--${side}`} aria-label={`Side ${letter}`}>
      <span className="compare-side__badge" aria-hidden="true">
        {letter}
      </span>
      <div className="compare-side__body">
        <CapturedImagery
          connection={connection}
          imagery={imagery}
          cursor={cursor}
          testId={`cursor-capture-${side}`}
          errorTitle={`Capture time of side ${letter}`}
        />
      </div>
    </section>
  );
}
