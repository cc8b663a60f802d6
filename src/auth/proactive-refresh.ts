import { authStore } from './auth-store.ts';
import { connectionFor } from './session-connection.ts';
import { refreshDueAt } from '../../core/wire/token-refresh.ts';

const RETRY_MS = 5_000;

/**
 * Refreshes the token when it falls due even if no API call happens, so that tile requests (which
 * read the token synchronously) keep carrying a valid one. Returns a stop function.
 */
export function startProactiveRefresh(store = authStore, now = Date.now): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = () => {
    clearTimeout(timer);
    const { session, token } = store.getState();
    if (session?.kind !== 'client' || !token) return;
    const refresh = () => {
      // Stryker disable next-line ConditionalExpression: a new session reschedules, clearing this timer first.
      if (store.getState().session !== session) return;
      connectionFor(session)
        .credentials?.current()
        .catch(() => {
          timer = setTimeout(refresh, RETRY_MS);
        });
    };
    // One tick past the due time, so the rule (now > due) holds when the timer fires.
    timer = setTimeout(refresh, Math.max(0, refreshDueAt(token) - now()) + 1);
  };

  const unsubscribe = store.subscribe((state, previous) => {
    if (state.token !== previous.token || state.session !== previous.session) schedule();
  });
  schedule();
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}
