/** The selected survey's panel, its imagery on the map and the map's notes on it: loaded with the signed-in shell. */
export { CaptureReadout } from './CaptureReadout.tsx';
export { PreviewSync } from './PreviewSync.tsx';
export { SelectedSurveyPanel } from './SelectedSurveyPanel.tsx';
export { ZoomHint } from './ZoomHint.tsx';
