let flushLink: () => void = () => undefined;

/** The URL with everything shown now, written at once (e.g. before it is copied). */
export function currentPageUrl(): string {
  flushLink();
  return location.href;
}

/** What writes the pending link into the URL at once: set by the URL's owner (src/app/use-link-history.ts). */
export function setLinkFlusher(flush: () => void): void {
  flushLink = flush;
}
