import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { SurveyMap } from '../../map/survey-map.ts';
import { type VideoSizeChoice, videoSize } from './video-size.ts';

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The part of the map on screen a video of `size` shows: its box, centred where the map's centre is drawn. */
function frameBox(surveyMap: SurveyMap, size: VideoSizeChoice): Box {
  const container = surveyMap.camera.container();
  const { css } = videoSize(size, { width: container.clientWidth, height: container.clientHeight });
  const centre = surveyMap.camera.project(surveyMap.camera.getCenter());
  return { left: centre.x - css.width / 2, top: centre.y - css.height / 2, width: css.width, height: css.height };
}

/**
 * While the video export is open: a dashed outline on the map around what the video will show (an outline only,
 * over the imagery's colours), kept in place as the map is resized.
 */
export function VideoFrameOutline({ surveyMap, size }: { surveyMap: SurveyMap; size: VideoSizeChoice }) {
  const [box, setBox] = useState(() => frameBox(surveyMap, size));
  useEffect(() => {
    const update = () => setBox(frameBox(surveyMap, size));
    update();
    const observer = new ResizeObserver(update);
    observer.observe(surveyMap.camera.container());
    const stop = surveyMap.camera.onViewChange(update, { settled: true });
    return () => {
      observer.disconnect();
      stop();
    };
  }, [surveyMap, size]);
  return createPortal(
    <div className="timelapse__video-frame" data-testid="video-frame" aria-hidden="true" style={box} />,
    surveyMap.camera.container(),
  );
}
