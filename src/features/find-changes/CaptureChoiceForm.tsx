import { useId, useMemo } from 'react';
import type { Survey } from '../../../core/wire/model.ts';
import { formatCaptureDays } from '../../format/date-format.ts';
import { Field } from '../../ui/fields/Field.tsx';
import type { ChangeSides, FindChangesState } from './find-changes-store.ts';
import { findChangesStore, useFindChanges } from './find-changes-store.ts';
import { inCaptureOrder, orderedSides, surveysAround } from './change-pairs.ts';

const optionLabel = (s: Survey) => `${s.id} · ${formatCaptureDays(s.captureStart)}`;

/** The two surveys of a choice (in time order), or why there are none. */
export function chosenSides(
  surveys: readonly Survey[],
  { choice, before, after, day }: Pick<FindChangesState, 'choice' | 'before' | 'after' | 'day'>,
): { sides: ChangeSides | null; why: string } {
  const ordered = inCaptureOrder(surveys);
  if (choice === 'date') {
    if (!day) return { sides: null, why: 'Choose a day.' };
    const around = surveysAround(surveys, day);
    return around
      ? { sides: { before: around.before.id, after: around.after.id }, why: '' }
      : { sides: null, why: 'No survey of the area was captured on both sides of that day.' };
  }
  const pair = orderedSides(surveys, before ?? ordered[0]?.id ?? null, after ?? ordered.at(-1)?.id ?? null);
  return pair
    ? { sides: { before: pair.before.id, after: pair.after.id }, why: '' }
    : { sides: null, why: 'Choose two different surveys.' };
}

/** Two captures chosen by hand, or before and after a day. */
export function CaptureChoiceForm({ surveys }: { surveys: readonly Survey[] }) {
  const choice = useFindChanges((s) => s.choice);
  const day = useFindChanges((s) => s.day);
  const before = useFindChanges((s) => s.before);
  const after = useFindChanges((s) => s.after);
  const ordered = inCaptureOrder(surveys);
  const options = useMemo(
    () =>
      ordered.map((s) => (
        <option key={s.id} value={s.id}>
          {optionLabel(s)}
        </option>
      )),
    [ordered],
  );
  const { sides } = chosenSides(surveys, { choice, before, after, day });
  const id = useId();
  const store = findChangesStore.getState();
  const select = (side: 'before' | 'after') => (
    <Field label={side === 'before' ? 'Before' : 'After'} className="find-changes__field">
      {(control) => (
        <select
          {...control}
          className="field__input field__input--select"
          value={sides?.[side] ?? (side === 'before' ? ordered[0]?.id : ordered.at(-1)?.id) ?? ''}
          onChange={(event) => store.captureChosen(side, event.target.value)}
        >
          {options}
        </select>
      )}
    </Field>
  );
  return (
    <div className="find-changes__choice">
      <fieldset className="find-changes__modes">
        <legend>Compare</legend>
        <label>
          <input
            type="radio"
            name={`${id}-choice`}
            checked={choice === 'captures'}
            onChange={() => store.choiceChosen('captures')}
          />{' '}
          Two captures
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-choice`}
            checked={choice === 'date'}
            onChange={() => store.choiceChosen('date')}
          />{' '}
          Before and after a day
        </label>
      </fieldset>
      {choice === 'captures' ? (
        <>
          {select('before')}
          {select('after')}
        </>
      ) : (
        <>
          <Field label="Day" className="find-changes__field">
            {(control) => (
              <input
                {...control}
                className="field__input field__input--date"
                type="date"
                value={day}
                onChange={(event) => store.dayChosen(event.target.value)}
              />
            )}
          </Field>
          {sides && (
            <p className="find-changes__sides">
              Before: {sides.before} · After: {sides.after}
            </p>
          )}
        </>
      )}
    </div>
  );
}
