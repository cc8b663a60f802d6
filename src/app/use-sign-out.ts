import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { forgetKey, signOut } from '../auth/sign-in.ts';
import { authStore } from '../auth/auth-store.ts';
import { tileCaptureKeys } from '../catalog/tile-capture-queries.ts';
import { coverageKeys } from '../catalog/coverage-queries.ts';
import { surveyKeys } from '../catalog/survey-queries.ts';
import { selectionStore } from '../state/selection-store.ts';

/**
 * Everything a deployment answered that another user of this browser should not see: the catalog, area
 * searches and tile captures. Footprints stay (published shapes, cached for a week), and so does the user's area.
 */
export function forgetSessionAnswers(client: QueryClient, baseUrl: string): void {
  for (const queryKey of [surveyKeys.all(baseUrl), coverageKeys.all(baseUrl), tileCaptureKeys.all(baseUrl)])
    client.removeQueries({ queryKey });
}

/** Ends the session: credentials go, and so does what was fetched with them (see forgetSessionAnswers). */
export function useSignOut(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    const baseUrl = authStore.getState().session?.baseUrl;
    forgetKey();
    signOut();
    selectionStore.getState().selectionCleared();
    if (baseUrl !== undefined) forgetSessionAnswers(queryClient, baseUrl);
  }, [queryClient]);
}
