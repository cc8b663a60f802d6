/** What other features use of the survey list: the listed surveys (all, or some by id) and the filters' cloud limit. */
export { parseMaxCloud } from './survey-filters.ts';
export { useListedSurveys } from './use-listed-surveys.ts';
export { useSurveyList } from './use-survey-list.ts';
