import { spawnOnFreePort } from '../../core/test/spawned-server.ts';

/**
 * The reference service, started by a test as a process of its own (its demo catalog), met as the viewer meets it: over
 * HTTP, with the demo client's token. (The viewer imports no code of the service's.)
 */
export interface RunningService {
  origin: string;
  /** A GET with the token. */
  get(path: string): Promise<Response>;
  stop(): Promise<void>;
}

const DEMO_CLIENT = {
  client_id: 'demo',
  client_secret: 'demo-secret',
  audience: 'https://api.survey-viewer.example/tile',
  grant_type: 'client_credentials',
};

export async function startService(): Promise<RunningService> {
  const server = await spawnOnFreePort({
    command: process.execPath,
    args: (port) => ['--import', 'tsx', 'server/main.ts', '--quiet', '--port', String(port)],
    // Its rate limit is the deployment's concern: a property test asks as fast as it can.
    env: { ...process.env, SERVICE_RATE_LIMIT: '0' },
    ready: { answers: '/tile/v2/surveys' },
    timeoutMs: 60_000,
  });
  const answer = await fetch(`${server.origin}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_CLIENT),
  });
  if (!answer.ok) throw new Error(`token request failed: ${answer.status} ${await answer.text()}`);
  const { access_token: token } = (await answer.json()) as { access_token: string };
  return {
    origin: server.origin,
    get: (path) => fetch(server.origin + path, { headers: { authorization: `Bearer ${token}` } }),
    stop: server.stop,
  };
}
