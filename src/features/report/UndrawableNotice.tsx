import { useEffect, useState } from 'react';
import { undrawable } from './report-font-loader.ts';
import { characterName } from './report-glyphs.ts';

/**
 * The characters of the report's text that no font of the PDF can draw, looked up a moment after typing stops (the
 * fonts' tables are fetched only for text beyond Latin).
 */
function useUndrawable(text: string): number[] {
  const [found, setFound] = useState<number[]>([]);
  useEffect(() => {
    let live = true;
    const timer = window.setTimeout(() => {
      undrawable(text).then(
        (missing) => live && setFound(missing),
        () => live && setFound([]),
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text]);
  return found;
}

/** Names, before export, each character of the text that would print as "?"; nothing while there is none. */
export function UndrawableNotice({ text }: { text: string }) {
  const missing = useUndrawable(text);
  if (missing.length === 0) return null;
  return (
    <p className="notice notice--warning" aria-live="polite" data-testid="report-undrawable">
      The PDF has no font for {missing.map(characterName).join(', ')}: {missing.length === 1 ? 'it' : 'they'} will print
      as “?”.
    </p>
  );
}
