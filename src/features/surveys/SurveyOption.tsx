import { memo, useEffect, useRef } from 'react';
import type { Survey } from '../../../core/wire/model.ts';
import { optionRowClass } from '../../ui/listbox/option-row.ts';
import { SpectralRange } from '../../ui/SpectralRange.tsx';
import {
  formatCaptureWindow,
  formatCaptureWindowUtc,
  formatCloudCover,
  formatDuration,
} from '../../format/survey-format.ts';

interface SurveyOptionProps {
  survey: Survey;
  index: number;
  setSize: number;
  top: number;
  height: number;
  selected: boolean;
  highlighted: boolean;
  active: boolean;
  onHover(id: string | null): void;
  onSelect(id: string): void;
}

export const surveyOptionId = (index: number) => `survey-option-${index}`;

/** One row of the survey listbox: id, capture window (local; UTC on hover), duration and cloud cover. */
export const SurveyOption = memo(function SurveyOption(props: SurveyOptionProps) {
  const { survey, index, setSize, top, height, selected, highlighted, active, onHover, onSelect } = props;
  // A row is reused for another survey as the list scrolls (keyed by slot): one under the pointer then hovers the
  // survey it now shows.
  const pointerIn = useRef(false);
  const surveyId = survey.id;
  useEffect(() => {
    if (pointerIn.current) onHover(surveyId);
  }, [surveyId, onHover]);
  const classes = optionRowClass('survey-option', { selected, highlighted, active });
  return (
    // The listbox holds focus and names the active option (aria-activedescendant); its keys choose.
    // biome-ignore lint/a11y/useFocusableInteractive: see above
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above
    <div
      id={surveyOptionId(index)}
      role="option"
      aria-selected={selected}
      aria-posinset={index + 1}
      aria-setsize={setSize}
      data-survey-id={survey.id}
      className={classes}
      style={{ transform: `translateY(${top}px)`, height }}
      onMouseEnter={() => {
        pointerIn.current = true;
        onHover(survey.id);
      }}
      onMouseLeave={() => {
        pointerIn.current = false;
        onHover(null);
      }}
      onClick={() => onSelect(survey.id)}
    >
      <div className="survey-option__top">
        <span className="survey-option__id option-row__id">{survey.id}</span>
        <span className={survey.cloudCover === null ? 'badge badge--muted' : 'badge'}>
          {formatCloudCover(survey.cloudCover)}
        </span>
      </div>
      <div className="survey-option__window" title={formatCaptureWindowUtc(survey.captureStart, survey.captureEnd)}>
        {formatCaptureWindow(survey.captureStart, survey.captureEnd)}
      </div>
      <div className="survey-option__meta">
        <span>{formatDuration(survey.captureStart, survey.captureEnd)}</span>
        {survey.spectralRange && <SpectralRange range={survey.spectralRange} />}
      </div>
    </div>
  );
});
