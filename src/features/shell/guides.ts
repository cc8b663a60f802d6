import type { SidebarTab } from '../../state/ui-store.ts';

/** A page of the user guide, as published with the app (scripts/guide-pages.mjs renders docs/ under /docs/). */
export interface Guide {
  title: string;
  href: string;
}

const guide = (title: string, page: string): Guide => ({ title, href: `/docs/guide/${page}.html` });

export const GUIDE_INDEX = guide('User guide', 'index');

const GUIDES = {
  surveys: guide('Getting started: sign in, browse, preview', 'getting-started'),
  area: guide('Area search', 'area-search'),
  notes: guide('Annotations', 'annotations'),
  portfolio: guide('Portfolio', 'portfolio'),
  compare: guide('Compare and timeline', 'compare-and-timeline'),
  sideBySide: guide('Side by side', 'side-by-side'),
  timelapse: guide('Timelapse and video', 'timelapse'),
  findChanges: guide('Find changes', 'find-changes'),
} satisfies Record<SidebarTab | string, Guide>;

/** What the user is doing when they ask for help: what covers the map first, else the sidebar's tab. */
export interface Activity {
  sidebarTab: SidebarTab;
  comparing: boolean;
  sideBySide: boolean;
  timelapse: boolean;
  /** A Find changes run (or its link) is shown over the area. */
  findingChanges: boolean;
}

export function guideFor({ sidebarTab, comparing, sideBySide, timelapse, findingChanges }: Activity): Guide {
  if (timelapse) return GUIDES.timelapse;
  if (sideBySide) return GUIDES.sideBySide;
  if (comparing) return GUIDES.compare;
  if (findingChanges && sidebarTab === 'area') return GUIDES.findChanges;
  return GUIDES[sidebarTab];
}
