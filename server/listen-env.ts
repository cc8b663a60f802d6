import { EnvError, makeExactValidator } from 'envalid';
import { readEnv } from './env.ts';

/** Where a service or gateway listens, and the Redis it shares state through (none: state in this process). */
export interface ListenOptions {
  port: number;
  host: string;
  redisUrl?: string;
}

const tcpPort = makeExactValidator<number>((input) => {
  const n = Number(input);
  if (!Number.isInteger(n) || n < 0 || n > 65_535) throw new EnvError(`must be a port number 0–65535, got "${input}"`);
  return n;
});

const listenHost = makeExactValidator<string>((input) => {
  const host = input.trim();
  if (/[\s/]/.test(host)) throw new EnvError(`must be a host name or IP address to listen on, got "${input}"`);
  return host;
});

const redisUrl = makeExactValidator<string>((input) => {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new EnvError('must be a redis:// or rediss:// URL');
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
    throw new EnvError(`must be a redis:// or rediss:// URL, got a ${url.protocol} URL`);
  return input.trim();
});

const LISTEN_ENV = {
  PORT: tcpPort({ default: 8787 }),
  HOST: listenHost({ default: '127.0.0.1' }),
  REDIS_URL: redisUrl({ default: undefined }),
};

/** PORT, HOST and REDIS_URL validated, with --port and --host before them; throws naming each wrong one. */
export function listenOptionsFrom(
  env: Readonly<Record<string, string | undefined>>,
  flags: { port?: string; host?: string } = {},
): ListenOptions {
  const read = readEnv({ ...env, PORT: flags.port ?? env.PORT, HOST: flags.host ?? env.HOST }, LISTEN_ENV);
  return { port: read.PORT, host: read.HOST, ...(read.REDIS_URL && { redisUrl: read.REDIS_URL }) };
}
