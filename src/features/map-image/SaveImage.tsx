import { useState } from 'react';
import { saveBlob } from '../../ui/save-file.ts';
import { IMAGE_SCALES, type ImageScale } from '../../map/map-render.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { uiStore } from '../../state/ui-store.ts';
import { fileStamp } from '../../format/date-format.ts';

/** Save image: the map as a PNG at 1×, 2× or 4× the screen's pixels, drawn off-screen at that resolution. */
export function SaveImage({ surveyMap }: { surveyMap: SurveyMap }) {
  const [scale, setScale] = useState<ImageScale>(2);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      const blob = await surveyMap.render.image(scale);
      saveBlob(`survey-map-${fileStamp(new Date())}@${scale}x.png`, blob);
    } catch (error) {
      uiStore.getState().noticeShown(`The map image was not saved: ${(error as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="map-layers__image">
      <button type="button" className="button button--small" onClick={save} disabled={busy}>
        {busy ? 'Drawing…' : 'Save image'}
      </button>
      <label title="Image size, in times the screen's pixels">
        <span className="visually-hidden">Image size</span>
        <select value={scale} onChange={(e) => setScale(Number(e.target.value) as ImageScale)} disabled={busy}>
          {IMAGE_SCALES.map((s) => (
            <option key={s} value={s}>
              {s}×
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
