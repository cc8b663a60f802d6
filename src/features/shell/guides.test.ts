import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GUIDE_INDEX, guideFor } from './guides.ts';

const idle = {
  sidebarTab: 'surveys',
  comparing: false,
  sideBySide: false,
  timelapse: false,
  findingChanges: false,
} as const;

describe('guideFor', () => {
  it("names the sidebar tab's guide when nothing covers the map", () => {
    expect(guideFor(idle).href).toBe('/docs/guide/getting-started.html');
    expect(guideFor({ ...idle, sidebarTab: 'area' }).href).toBe('/docs/guide/area-search.html');
    expect(guideFor({ ...idle, sidebarTab: 'portfolio' }).href).toBe('/docs/guide/portfolio.html');
  });

  it('names what covers the map before the tab: timelapse, then side by side, then compare', () => {
    const all = { ...idle, sidebarTab: 'area', comparing: true, sideBySide: true, timelapse: true } as const;
    expect(guideFor(all).title).toBe('Timelapse and video');
    expect(guideFor({ ...all, timelapse: false }).title).toBe('Side by side');
    expect(guideFor({ ...all, timelapse: false, sideBySide: false }).title).toBe('Compare and timeline');
  });

  it("names Find changes' guide while its heat map is shown on the area tab", () => {
    expect(guideFor({ ...idle, sidebarTab: 'area', findingChanges: true }).title).toBe('Find changes');
    expect(guideFor({ ...idle, sidebarTab: 'area', findingChanges: true, comparing: true }).title).toBe(
      'Compare and timeline',
    );
    expect(guideFor({ ...idle, findingChanges: true }).title).toBe(guideFor(idle).title);
  });
});

describe('the guides the help links to', () => {
  it('are pages of docs/guide/, which the build publishes under /docs/', () => {
    const activities = [
      ...(['surveys', 'area', 'notes', 'portfolio'] as const).map((sidebarTab) => ({ ...idle, sidebarTab })),
      { ...idle, comparing: true },
      { ...idle, sideBySide: true },
      { ...idle, timelapse: true },
      { ...idle, sidebarTab: 'area', findingChanges: true } as const,
    ];
    const pages = [GUIDE_INDEX, ...activities.map(guideFor)].map((g) =>
      g.href
        .replace(/^\/docs\//, 'docs/')
        .replace(/index\.html$/, 'README.html')
        .replace(/\.html$/, '.md'),
    );
    for (const page of pages) expect(existsSync(page), page).toBe(true);
  });
});
