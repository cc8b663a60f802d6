/** The survey list, loaded with the signed-in shell. */
export { SurveyList } from './SurveyList.tsx';
