import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

const subscribe = (notify: () => void) => onlineManager.subscribe(notify);
const isOnline = () => onlineManager.isOnline();

/** Shown while the browser is offline; queries pause meanwhile and resume on reconnect, tiles are asked for again. */
export function OfflineBanner() {
  const online = useSyncExternalStore(subscribe, isOnline);
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      You are offline. The map and lists will catch up when the connection returns.
    </div>
  );
}
