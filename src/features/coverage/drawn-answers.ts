import type { CoverageSurvey } from '../../../core/wire/model.ts';

/**
 * Longest the ranking waits for the map: it still runs when an answer is not drawn (area search closed) or drawing
 * stalls.
 */
const DRAWING_WAIT_MS = 1000;

type Answer = readonly CoverageSurvey[];
const drawn = new WeakSet<Answer>();
const waiting = new WeakMap<Answer, (() => void)[]>();

/** The map has drawn this answer's footprints and come to rest. */
export function answerDrawn(answer: Answer): void {
  drawn.add(answer);
  for (const resolve of waiting.get(answer) ?? []) resolve();
  waiting.delete(answer);
}

/**
 * Resolves once the map has drawn this answer's footprints and come to rest, or after `timeoutMs`. The
 * ranking waits for it: clipping thousands of footprints in a worker while MapLibre's worker tiles them made both
 * compete for the same cores, and the footprints are what the user sees first.
 */
export function whenAnswerDrawn(answer: Answer, timeoutMs = DRAWING_WAIT_MS): Promise<void> {
  if (drawn.has(answer)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    waiting.set(answer, [
      ...(waiting.get(answer) ?? []),
      () => {
        clearTimeout(timer);
        resolve();
      },
    ]);
  });
}
