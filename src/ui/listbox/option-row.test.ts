import { describe, expect, it } from 'vitest';
import { optionRowClass } from './option-row.ts';

describe('optionRowClass', () => {
  it('names the block, the shared row and each state that holds', () => {
    expect(optionRowClass('survey-option', { selected: false, highlighted: false, active: false })).toBe(
      'survey-option option-row',
    );
    expect(optionRowClass('coverage-option', { selected: true, highlighted: true, active: true })).toBe(
      'coverage-option option-row is-selected is-highlighted is-active',
    );
  });
});
