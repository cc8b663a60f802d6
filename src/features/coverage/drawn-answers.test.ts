import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CoverageSurvey } from '../../../core/wire/model.ts';
import { answerDrawn, whenAnswerDrawn } from './drawn-answers.ts';

describe('whenAnswerDrawn', () => {
  afterEach(() => vi.useRealTimers());

  it('resolves when the map has drawn the answer, at once when it already has', async () => {
    const answer: CoverageSurvey[] = [];
    let done = false;
    const waiting = whenAnswerDrawn(answer).then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    answerDrawn(answer);
    await waiting;
    expect(done).toBe(true);
    await expect(whenAnswerDrawn(answer)).resolves.toBeUndefined();
  });

  it('does not wait longer than the timeout for an answer that is never drawn', async () => {
    vi.useFakeTimers();
    let done = false;
    void whenAnswerDrawn([], 1000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});
