import { describe, expect, it } from 'vitest';
import { listenOptionsFrom } from './listen-env.ts';

describe('where the service listens', () => {
  it('defaults to 127.0.0.1:8787 without Redis, and takes the flags before the environment', () => {
    expect(listenOptionsFrom({})).toEqual({ port: 8787, host: '127.0.0.1' });
    expect(listenOptionsFrom({ PORT: '9000', HOST: '0.0.0.0', REDIS_URL: 'redis://cache:6379/0' })).toEqual({
      port: 9000,
      host: '0.0.0.0',
      redisUrl: 'redis://cache:6379/0',
    });
    expect(listenOptionsFrom({ PORT: '9000', HOST: '::' }, { port: '9100', host: 'localhost' })).toEqual({
      port: 9100,
      host: 'localhost',
    });
  });

  it('refuses a wrong PORT, HOST or REDIS_URL with one message naming each', () => {
    expect(() => listenOptionsFrom({ PORT: '80a', HOST: 'http://x', REDIS_URL: 'http://cache:6379' })).toThrow(
      new Error(
        [
          'PORT must be a port number 0–65535, got "80a"',
          'HOST must be a host name or IP address to listen on, got "http://x"',
          'REDIS_URL must be a redis:// or rediss:// URL, got a http: URL',
        ].join('\n'),
      ),
    );
    expect(() => listenOptionsFrom({}, { port: '70000' })).toThrow('PORT must be a port number 0–65535, got "70000"');
  });
});
