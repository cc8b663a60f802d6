import { lazy } from 'react';
import { useFindChanges } from '../features/find-changes/index.ts';
import { guideFor } from '../features/shell/on-demand.ts';
import { useTimelapse } from '../features/timelapse/index.ts';
import { useCompare } from '../state/compare-store.ts';
import { useSideBySide } from '../state/side-by-side-store.ts';
import { useUi } from '../state/ui-store.ts';

const HelpDialog = lazy(() => import('../features/shell/on-demand.ts').then((m) => ({ default: m.HelpDialog })));

/** The help dialog, pointing at the guide to what covers the map or the sidebar's tab (mounted while it is open). */
export function GuidedHelp() {
  const sidebarTab = useUi((s) => s.sidebarTab);
  const comparing = useCompare((s) => s.active);
  const sideBySide = useSideBySide((s) => s.panes.length > 0);
  const timelapse = useTimelapse((s) => s.open);
  const findingChanges = useFindChanges((s) => s.run !== null || s.linked !== null);
  return <HelpDialog guide={guideFor({ sidebarTab, comparing, sideBySide, timelapse, findingChanges })} />;
}
