import { expect, test } from '@playwright/test';

test.describe('the served app and service', () => {
  test('serve the viewer with no-referrer and a runtime config with the demo credentials', async ({
    page,
    request,
  }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    const config = await (await request.get('/config.json')).json();
    expect(config).toMatchObject({ mode: 'direct', serviceUrl: '', clientId: 'demo', clientSecret: 'demo-secret' });
  });

  test('answer a browser: token, catalog and a decodable tile from the page origin', async ({ page }) => {
    await page.goto('/');
    const result = await page.evaluate(async () => {
      const config = await (await fetch('/config.json')).json();
      const tokenResponse = await fetch('/oauth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_id: config.clientId,
          client_secret: config.clientSecret,
          audience: config.audience,
          grant_type: 'client_credentials',
        }),
      });
      const { access_token: token } = await tokenResponse.json();
      const headers = { authorization: `Bearer ${token}` };
      const list = await (await fetch('/tile/v2/surveys', { headers })).json();
      const id = list.results[0].id;
      const footprint = await (await fetch(`/tile/v2/${id}/footprint`, { headers })).json();
      const ring =
        footprint.footprint.type === 'Polygon'
          ? footprint.footprint.coordinates[0]
          : footprint.footprint.coordinates[0][0];
      const wkt = `POLYGON((${ring.map((p: number[]) => `${p[0]} ${p[1]}`).join(', ')}))`;
      const items = await (
        await fetch(`/tile/v2/${id}/coverage?zoom=14&wkt=${encodeURIComponent(wkt)}`, { headers })
      ).json();
      const full = items.find((item: { percent_covered: number }) => item.percent_covered === 100) ?? items[0];
      const tile = await fetch(new URL(full.static_url).pathname, { headers });
      const bitmap = await createImageBitmap(await tile.blob());
      return {
        count: list.results.length,
        total: list.total_results,
        tiles: items.length,
        status: tile.status,
        size: [bitmap.width, bitmap.height],
      };
    });
    expect(result.count).toBe(25);
    expect(result.total).toBeGreaterThanOrEqual(60);
    expect(result.tiles).toBeGreaterThan(0);
    expect(result.status).toBe(200);
    expect(result.size).toEqual([256, 256]);
  });
});
