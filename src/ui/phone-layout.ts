import { useSyncExternalStore } from 'react';

/**
 * Where the layout becomes a phone's (the sidebar a bottom sheet over the map): the one place it is written.
 * Stylesheets write `@media (--phone)`, which the build replaces with this query (vite.config.ts).
 */
export const PHONE_MEDIA = '(max-width: 720px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(PHONE_MEDIA);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** Whether the page is laid out for a phone now. */
export const usePhoneLayout = (): boolean =>
  useSyncExternalStore(subscribe, () => window.matchMedia(PHONE_MEDIA).matches);
