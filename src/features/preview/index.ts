/** What other features use of the preview. */
export { isDetailsUnknown } from './use-selected-survey.ts';
