import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Connection } from './connection.ts';
import { fetchTileImage, tileImagePath } from './tile-images.ts';

const connection: Connection = {
  baseUrl: 'https://api.example',
  credentials: {
    current: async () => ({ kind: 'apiKey', key: 'k-1' }),
    renew: async () => null,
    peek: () => ({ kind: 'apiKey', key: 'k-1' }),
  },
};
const tile = { surveyId: 'S 1', captureId: 'c_1', z: 16, x: 10, y: 20 };

afterEach(() => vi.unstubAllGlobals());

describe('tile images', () => {
  it("asks for the tile by its static_url on this deployment, else by the capture's route", () => {
    expect(tileImagePath(connection, { ...tile, url: 'https://api.example/tile/v2/S/c_1/16/10/20?x=1' })).toBe(
      '/tile/v2/S/c_1/16/10/20',
    );
    expect(tileImagePath(connection, { ...tile, url: 'https://cdn.example/16/10/20' })).toBe(
      '/tile/v2/S%201/c_1/16/10/20',
    );
    expect(tileImagePath(connection, { ...tile, captureId: null, url: '' })).toBe('/tile/v2/S%201/16/10/20');
    // JPEG: the `.jpeg` suffix on the row, in place of any other.
    expect(tileImagePath(connection, { ...tile, captureId: null, url: '' }, 'jpeg')).toBe(
      '/tile/v2/S%201/16/10/20.jpeg',
    );
    expect(tileImagePath(connection, { ...tile, url: 'https://api.example/tile/v2/S/16/10/20.png?k=1' }, 'jpeg')).toBe(
      '/tile/v2/S/16/10/20.jpeg',
    );
  });

  it('answers null for 404 (no imagery), throws the envelope for other failures, sends the key', async () => {
    const seen: string[] = [];
    const answers = [
      new Response('png-bytes', { status: 200, headers: { 'content-type': 'image/png' } }),
      new Response(JSON.stringify({ error: 'no_imagery', message: 'none' }), { status: 404 }),
      new Response(JSON.stringify({ error: 'busy', message: 'Slow down' }), {
        status: 429,
        headers: { 'retry-after': '2', 'x-correlation-id': 'corr-9' },
      }),
    ];
    vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
      seen.push(`${url.href} ${(init.headers as Record<string, string>).Accept}`);
      return answers.shift()!;
    });
    const first = await fetchTileImage(connection, { ...tile, url: 'https://api.example/tile/v2/S/16/10/20' });
    expect(new TextDecoder().decode(first!)).toBe('png-bytes');
    expect(await fetchTileImage(connection, { ...tile, url: '' })).toBeNull();
    await expect(fetchTileImage(connection, { ...tile, url: '' })).rejects.toMatchObject({
      status: 429,
      retryAfterMs: 2000,
      correlationId: 'corr-9',
    });
    expect(seen[0]).toBe('https://api.example/tile/v2/S/16/10/20?api_key=k-1 image/*');
  });
});
