import { vi } from 'vitest';

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

export const envelope = (
  status: number,
  error: string,
  message: string,
  correlationId = 'c0ffee00-0000-4000-8000-000000000001',
) =>
  json({ error, message, status_code: status, 'x-correlation-id': correlationId }, status, {
    'x-correlation-id': correlationId,
  });

/** Replaces global fetch with a handler and records every request. */
export function fakeFetch(handler: Handler) {
  const calls: { url: URL; init: RequestInit }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    calls.push({ url, init });
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    count: (path: string) => calls.filter((c) => c.url.pathname === path).length,
    authorization: (i: number) => (calls[i].init.headers as Record<string, string> | undefined)?.Authorization,
  };
}

export const emptyPage = { results: [], page: 1, page_size: 25, has_next: false, total_pages: 0, total_results: 0 };
