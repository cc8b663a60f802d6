/** The PDF report of the map as shown: its button (the dialog loads when opened). */
export { ExportReport } from './ExportReport.tsx';
