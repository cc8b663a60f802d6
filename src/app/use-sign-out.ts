import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { forgetKey, signOut } from '../auth/sign-in.ts';
import { selectionStore } from '../state/selection-store.ts';

/**
 * Ends the session: credentials go, and so does everything fetched with them (footprints may stay, and the user's
 * area).
 */
export function useSignOut(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    forgetKey();
    signOut();
    selectionStore.getState().selectionCleared();
    queryClient.removeQueries({ queryKey: ['surveys'] });
    queryClient.removeQueries({ queryKey: ['coverage'] });
  }, [queryClient]);
}
