import { useSyncExternalStore } from 'react';

type SignedInModule = typeof import('./signed-in.ts');

// Asked for when the app starts: the code downloads while the map sets up and the sign-in dialog is
// read, before the map is made (whose setup holds the main thread for a while), never delaying first paint.
let code: SignedInModule | 'failed' | null = null;
const loading = import('./signed-in.ts').then(
  (module) => {
    code = module;
  },
  () => {
    code = 'failed';
  },
);

const subscribe = (changed: () => void) => {
  let subscribed = true;
  void loading.then(() => subscribed && changed());
  return () => {
    subscribed = false;
  };
};
const snapshot = () => code;

/**
 * The session's components once their chunk has loaded (null until then, 'failed' if it cannot be).
 * Rendered directly rather than through `lazy` and Suspense: React holds back a boundary's content
 * for 300 ms after its fallback was shown, which delayed the first screen after signing in.
 */
export function useSignedInChunk(): SignedInModule | 'failed' | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
