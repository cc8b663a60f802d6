import { createContext, useContext } from 'react';
import type { SurveyMap } from './survey-map.ts';

/** The one SurveyMap of the page, once it exists. */
export const SurveyMapContext = createContext<SurveyMap | null>(null);

export const useSurveyMap = (): SurveyMap | null => useContext(SurveyMapContext);
