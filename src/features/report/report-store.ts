import { createStore, useStore } from 'zustand';
import type { Orientation, Paper } from './report-pdf.ts';

/** The report dialog's form: kept while the page is open, so a report can be made again with the same words. */
export interface ReportFormState {
  open: boolean;
  title: string;
  notes: string;
  paper: Paper;
  orientation: Orientation;
  /** The marks over the imagery the user chose to print or not, by their labels (the others as their slot says). */
  printedOverlays: Readonly<Record<string, boolean>>;
  reportDialogOpened(): void;
  reportDialogClosed(): void;
  reportFormEdited(changes: Partial<Pick<ReportFormState, 'title' | 'notes' | 'paper' | 'orientation'>>): void;
  reportOverlayToggled(label: string, printed: boolean): void;
}

/** Letter where the browser's language says so (US, Canada, Mexico, the Philippines…), A4 elsewhere. */
const LETTER_REGIONS = /-(US|CA|MX|PH|CL|CO|VE|GT|CR|PA|DO|PR|SV|NI)$/i;
const defaultPaper = (): Paper => (LETTER_REGIONS.test(globalThis.navigator?.language ?? '') ? 'Letter' : 'A4');

export const reportStore = createStore<ReportFormState>()((set) => ({
  open: false,
  title: '',
  notes: '',
  paper: defaultPaper(),
  orientation: 'portrait',
  printedOverlays: {},
  reportDialogOpened: () => set({ open: true }),
  reportDialogClosed: () => set({ open: false }),
  reportFormEdited: (changes) => set(changes),
  reportOverlayToggled: (label, printed) =>
    set(({ printedOverlays }) => ({ printedOverlays: { ...printedOverlays, [label]: printed } })),
}));

export const useReportForm = <T>(selector: (state: ReportFormState) => T): T => useStore(reportStore, selector);
