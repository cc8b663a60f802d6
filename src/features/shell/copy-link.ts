import { currentPageUrl } from '../../links/current-page-url.ts';
import { stripCredentials } from '../../area/strip-credentials.ts';
import { uiStore } from '../../state/ui-store.ts';

/** Copies the page's link (the view lives in its fragment); a credential could never ride along. */
export async function copyLink(): Promise<void> {
  const link = stripCredentials(currentPageUrl());
  try {
    await navigator.clipboard.writeText(link);
    uiStore.getState().noticeShown('Link to this view copied.');
  } catch {
    uiStore.getState().noticeShown('The browser did not allow copying: copy the address bar instead.');
  }
}
