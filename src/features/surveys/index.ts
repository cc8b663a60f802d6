/** What other features use of the survey list: the listed surveys and the filters' cloud limit. */
export { parseMaxCloud } from './survey-filters.ts';
export { useSurveyList } from './use-survey-list.ts';
