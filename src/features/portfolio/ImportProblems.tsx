import type { ImportProblem } from './import-problems.ts';

const SHOWN = 200;

/** Each row that was not read, with its line and why; the rest of the file was kept. */
export function ImportProblems({ problems }: { problems: readonly ImportProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <details className="portfolio-problems">
      <summary>
        {problems.length.toLocaleString('en-US')} {problems.length === 1 ? 'row was' : 'rows were'} not read
      </summary>
      <ul className="portfolio-problems__list" aria-label="Rows not read">
        {problems.slice(0, SHOWN).map(({ line, reason }) => (
          <li key={`${line}-${reason}`}>
            <span className="portfolio-problems__line">Line {line}</span> {reason}
          </li>
        ))}
        {problems.length > SHOWN && <li>… and {(problems.length - SHOWN).toLocaleString('en-US')} more</li>}
      </ul>
    </details>
  );
}
