/** Pages for the tile benchmarks, and their bare baseline. */
import type { Browser, Page } from '@playwright/test';

/** A page in a fresh context (empty HTTP cache and storage). */
export async function freshPage(browser: Browser): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

/**
 * The bare baseline of the benchmarks that fetch tiles: the same URLs fetched from a page of the same browser (a fresh
 * context, bearer header), `concurrency` at a time (six, as a browser keeps to a host), bodies read. Seconds.
 */
export async function bareFetch(
  browser: Browser,
  service: string,
  token: string,
  urls: string[],
  concurrency = 6,
): Promise<number> {
  const { page, close } = await freshPage(browser);
  try {
    await page.goto(`${service}/config.json`);
    return await page.evaluate(
      async ({ urls, token, concurrency }) => {
        const start = performance.now();
        let next = 0;
        await Promise.all(
          Array.from({ length: concurrency }, async () => {
            while (next < urls.length) {
              const answer = await fetch(urls[next++], { headers: { Authorization: `Bearer ${token}` } });
              await answer.arrayBuffer();
            }
          }),
        );
        return (performance.now() - start) / 1000;
      },
      { urls, token, concurrency },
    );
  } finally {
    await close();
  }
}
