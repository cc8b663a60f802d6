import { spawnOnFreePort } from '../core/test/spawned-server.ts';

/** A reference service of a test's own (serving the production build), for options the shared servers do not have. */
export interface SpawnedService {
  origin: string;
  /** Everything the service has printed so far: its access and deprecation logs. */
  output(): string;
  stop(): Promise<void>;
}

export const spawnService = (args: string[] = [], env: Record<string, string> = {}): Promise<SpawnedService> =>
  spawnOnFreePort({
    command: process.execPath,
    args: (port) => ['--import', 'tsx', 'server/main.ts', '--viewer', 'dist', '--port', String(port), ...args],
    env: { ...process.env, ...env },
    ready: { answers: '/config.json' },
    timeoutMs: 30_000,
  });
