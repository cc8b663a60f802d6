import { describe, expect, it, vi } from 'vitest';
import type { Credential, CredentialSource } from './connection.ts';
import { imageryTileZoom, parseImageryTileUrl, tileCredentials, tileUrlTemplate } from './tiles.ts';

const connection = { baseUrl: 'https://api.example' };

describe('imagery tile URLs', () => {
  it('reads the zoom of survey, basemap and capture-specific tiles', () => {
    expect(imageryTileZoom(connection, 'https://api.example/tile/v2/S-1/16/100/200')).toBe(16);
    expect(imageryTileZoom(connection, 'https://api.example/tile/v2/basemap/14/1/2?api_key=k')).toBe(14);
    expect(imageryTileZoom(connection, 'https://api.example/tile/v2/S-1/20241101T181751_X/18/5/6')).toBe(18);
  });

  it('reads a tile URL back without its credential', () => {
    expect(
      parseImageryTileUrl(connection, 'https://api.example/tile/v2/basemap/17/3/4?max_cloud=10&api_key=k'),
    ).toEqual({
      surveyId: 'basemap',
      captureId: null,
      z: 17,
      x: 3,
      y: 4,
      query: { max_cloud: '10' },
    });
    expect(parseImageryTileUrl(connection, 'https://api.example/tile/v2/S%201/C-2/18/5/6')).toMatchObject({
      surveyId: 'S 1',
      captureId: 'C-2',
      z: 18,
    });
  });

  it('ignores metadata, other paths and other hosts', () => {
    expect(imageryTileZoom(connection, 'https://api.example/tile/v2/S-1/16/100/200?metadata=true')).toBeNull();
    expect(imageryTileZoom(connection, 'https://api.example/tile/v2/S-1/footprint')).toBeNull();
    expect(imageryTileZoom(connection, 'https://basemap.example/tile/v2/S-1/16/1/2')).toBeNull();
  });

  it('puts an API key only into the tile template, encoded', () => {
    const withKey = {
      ...connection,
      credentials: {
        current: async () => ({ kind: 'apiKey' as const, key: 'k&1' }),
        renew: async () => null,
        peek: () => ({ kind: 'apiKey' as const, key: 'k&1' }),
      },
    };
    expect(tileUrlTemplate(withKey, 'S 1')).toBe('https://api.example/tile/v2/S%201/{z}/{x}/{y}?api_key=k%261');
    expect(tileUrlTemplate(connection, 'S1')).toBe('https://api.example/tile/v2/S1/{z}/{x}/{y}');
    expect(tileUrlTemplate(withKey, 'basemap', { max_cloud: '10' })).toBe(
      'https://api.example/tile/v2/basemap/{z}/{x}/{y}?max_cloud=10&api_key=k%261',
    );
    // One capture of the survey: the historical tile route.
    expect(tileUrlTemplate(withKey, 'S1', {}, 'c_1')).toBe(
      'https://api.example/tile/v2/S1/c_1/{z}/{x}/{y}?api_key=k%261',
    );
  });
});

describe('tile credentials', () => {
  function source(renewed: Credential | null | Error) {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const credentials: CredentialSource = {
      current: async () => ({ kind: 'bearer', token: 'old' }),
      peek: () => ({ kind: 'bearer', token: 'old' }),
      renew: vi.fn(async () => {
        await gate;
        if (renewed instanceof Error) throw renewed;
        return renewed;
      }),
    };
    return { connection: { baseUrl: 'https://api.example', credentials }, credentials, release };
  }

  it("adds the bearer token to this service's tiles only", () => {
    const { connection } = source(null);
    const { authorize } = tileCredentials(connection);
    expect(authorize('https://api.example/tile/v2/S/16/1/2')).toEqual({
      url: 'https://api.example/tile/v2/S/16/1/2',
      headers: { Authorization: 'Bearer old' },
    });
    expect(authorize('https://elsewhere.example/tile/v2/S/16/1/2')).toBeUndefined();
  });

  it('renews once for a burst of refused tiles', async () => {
    const { connection, credentials, release } = source({ kind: 'bearer', token: 'new' });
    const renewals = Array.from({ length: 12 }, () => tileCredentials(connection).renew());
    release();
    expect(await Promise.all(renewals)).toEqual(Array(12).fill(true));
    expect(credentials.renew).toHaveBeenCalledTimes(1);
    expect(credentials.renew).toHaveBeenCalledWith({ kind: 'bearer', token: 'old' });
  });

  it('answers false when nothing fresh can be had, and tries again on the next refusal', async () => {
    const { connection, credentials, release } = source(new Error('offline'));
    const first = tileCredentials(connection).renew();
    release();
    expect(await first).toBe(false);
    expect(await tileCredentials(connection).renew()).toBe(false);
    expect(credentials.renew).toHaveBeenCalledTimes(2);
  });
});
