/** The JS heap of a benchmark's page and its workers. */
import type { Page } from '@playwright/test';

/** The page's used JS heap (performance.memory; precise with --enable-precise-memory-info), bytes. */
export const pageHeap = (page: Page) =>
  page
    .evaluate(() => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0)
    .catch(() => 0);

export interface HeapSampler {
  /** Used JS heap of the page's matching workers together, bytes. */
  workers(): Promise<number>;
  /**
   * The page's and the workers' used heap after a full garbage collection in each (HeapProfiler.collectGarbage), bytes:
   * what they hold, not what they have yet to collect.
   */
  retained(): Promise<{ page: number; workers: number }>;
}

/**
 * The heap of the page's dedicated workers whose URL holds `urlPart`, through the DevTools protocol (a worker has no
 * performance.memory): the page's session auto-attaches to its workers (unflattened, so that this session can message
 * them beside Playwright's own) and asks each for Runtime.getHeapUsage; and the page's and workers' retained heap.
 */
export async function heapSampler(page: Page, urlPart: string): Promise<HeapSampler> {
  const cdp = await page.context().newCDPSession(page);
  const workers = new Set<string>();
  const waiting = new Map<number, (used: number) => void>();
  let nextId = 1;
  type Attached = { sessionId: string; targetInfo: { type: string; url: string } };
  cdp.on(
    'Target.attachedToTarget' as never,
    (({ sessionId, targetInfo }: Attached) => {
      if (targetInfo.type === 'worker' && targetInfo.url.includes(urlPart)) workers.add(sessionId);
    }) as never,
  );
  cdp.on(
    'Target.detachedFromTarget' as never,
    (({ sessionId }: { sessionId: string }) => workers.delete(sessionId)) as never,
  );
  cdp.on(
    'Target.receivedMessageFromTarget' as never,
    (({ message }: { message: string }) => {
      const answer = JSON.parse(message) as { id?: number; result?: { usedSize?: number } };
      if (answer.id !== undefined) waiting.get(answer.id)?.(answer.result?.usedSize ?? 0);
    }) as never,
  );
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  const ask = (sessionId: string, method: string) =>
    new Promise<number>((resolve) => {
      const id = nextId++;
      const timer = setTimeout(() => resolve(0), 5_000);
      waiting.set(id, (used) => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(used);
      });
      const message = JSON.stringify({ id, method });
      cdp.send('Target.sendMessageToTarget' as never, { sessionId, message } as never).catch(() => resolve(0));
    });
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const workersHeap = async () => sum(await Promise.all([...workers].map((w) => ask(w, 'Runtime.getHeapUsage'))));
  return {
    workers: workersHeap,
    retained: async () => {
      await Promise.all([
        cdp.send('HeapProfiler.collectGarbage').catch(() => undefined),
        ...[...workers].map((w) => ask(w, 'HeapProfiler.collectGarbage')),
      ]);
      const [pageUsed, workersUsed] = await Promise.all([
        cdp.send('Runtime.getHeapUsage').then(
          (usage) => usage.usedSize,
          () => 0,
        ),
        workersHeap(),
      ]);
      return { page: pageUsed, workers: workersUsed };
    },
  };
}
