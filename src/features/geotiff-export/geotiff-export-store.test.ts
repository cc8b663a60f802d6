import { describe, expect, it } from 'vitest';
import type { ExportFiles } from './export-files.ts';
import { geotiffExportStore } from './geotiff-export-store.ts';

const files = { name: 'f', exported: 1, noImagery: 0, failed: [] } as unknown as ExportFiles;
const store = () => geotiffExportStore.getState();

describe('the GeoTIFF export store', () => {
  it('keeps a running or finished export across closing and opening the dialog, and clears a failure', () => {
    store().dialogOpened('best');
    store().exportStarted('the choice', 1000, 9);
    expect(store().run).toMatchObject({ status: 'running', progress: { done: 0, total: 9 } });
    store().exportProgressed({ done: 3, failed: 0, total: 9, bytes: 10, held: 2 });
    store().dialogClosed();
    store().dialogOpened('selected');
    expect(store().run).toMatchObject({ status: 'running', progress: { done: 3 } });
    expect(store().source).toBe('best');
    store().exportFinished(files, 5000);
    store().dialogClosed();
    store().dialogOpened('selected');
    expect(store().run).toEqual({ status: 'done', choice: 'the choice', files, seconds: 4 });
    store().exportFailed('broken');
    store().dialogOpened('best');
    expect(store().run).toEqual({ status: 'idle' });
  });

  it('goes back to the default zoom when the imagery changes', () => {
    store().zoomChosen(19);
    store().sourceChosen('selected');
    expect(store().zoom).toBeNull();
  });

  it('starts with the newest rule and no cloud limit, and keeps the chosen zoom when they change', () => {
    expect([store().rule, store().maxCloudCover]).toEqual(['newest', null]);
    store().zoomChosen(17);
    store().ruleChosen('least-cloud');
    store().cloudLimitChanged(20);
    expect([store().rule, store().maxCloudCover, store().zoom]).toEqual(['least-cloud', 20, 17]);
  });
});
