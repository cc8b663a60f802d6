import { useEffect } from 'react';
import { uiStore, useUi } from '../../state/ui-store.ts';

/** A short confirmation over the map, read out by screen readers, gone after a few seconds. */
export function Notice() {
  const notice = useUi((s) => s.notice);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => uiStore.getState().noticeDismissed(), 4000);
    return () => clearTimeout(timer);
  }, [notice]);
  return (
    <div className="toast" role="status">
      {notice && <span className="toast__text">{notice}</span>}
    </div>
  );
}
