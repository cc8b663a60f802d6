import { timelapseStore, useTimelapse } from './timelapse-store.ts';

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** Opens (or closes) the timelapse of the view: shown by the map's layer controls and in the timeline. */
export function TimelapseButton() {
  const open = useTimelapse((s) => s.open);
  return (
    <button
      type="button"
      className="button button--small timelapse-button"
      aria-pressed={open}
      title="Play the captures of this view, oldest first; export them as a video"
      onClick={() =>
        open
          ? timelapseStore.getState().timelapseClosed()
          : timelapseStore.getState().timelapseOpened({ autoplay: !reducedMotion() })
      }
    >
      Timelapse
    </button>
  );
}
