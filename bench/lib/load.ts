/**
 * A minimal closed-loop HTTP/1.1 load generator over raw keep-alive sockets: each connection sends one
 * request, reads the whole response (Content-Length framing), records its latency and sends the next.
 *
 * Why not autocannon: its pure-JS response parser tops out near 650 requests/s (≈ 75 MB/s) on a
 * 111 KB tile even against a bare node:http server, on one connection or fifty, while loopback moves
 * 3 GB/s here: for tiles it measured itself. This client does no per-request parsing beyond the
 * status line and Content-Length, so both the service and the baseline are measured well below its
 * own ceiling (checked in bench/README.md).
 */
import net from 'node:net';
import { performance } from 'node:perf_hooks';

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  /** Latency percentiles in ms. */
  p50: number;
  p99: number;
  max: number;
  bytes: number;
  non2xx: number;
  errors: number;
}

const HEADER_END = Buffer.from('\r\n\r\n');

export async function loadTest(
  url: string,
  { connections = 50, seconds = 5, headers = {} as Record<string, string> } = {},
): Promise<LoadResult> {
  const target = new URL(url);
  const request = Buffer.from(
    `GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nConnection: keep-alive\r\n` +
      Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('') +
      '\r\n',
  );
  const latencies: number[] = [];
  let bytes = 0;
  let non2xx = 0;
  let errors = 0;
  const start = performance.now();
  const end = start + seconds * 1000;

  const connection = () =>
    new Promise<void>((resolve) => {
      const socket = net.connect(Number(target.port), target.hostname);
      socket.setNoDelay(true);
      let head: Buffer[] = [];
      let headLength = 0;
      let remaining = -1;
      let sentAt = 0;
      const send = () => {
        if (performance.now() >= end) {
          socket.end();
          resolve();
          return;
        }
        head = [];
        headLength = 0;
        remaining = -1;
        sentAt = performance.now();
        socket.write(request);
      };
      const done = () => {
        latencies.push(performance.now() - sentAt);
        send();
      };
      socket.on('connect', send);
      socket.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (remaining >= 0) {
          remaining -= chunk.length;
          if (remaining <= 0) done();
          return;
        }
        head.push(chunk);
        headLength += chunk.length;
        const buffer = head.length === 1 ? chunk : Buffer.concat(head, headLength);
        const at = buffer.indexOf(HEADER_END);
        if (at < 0) return;
        const text = buffer.toString('latin1', 0, at);
        const status = Number(text.slice(9, 12));
        if (status < 200 || status > 299) non2xx++;
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(text);
        if (!length) {
          errors++;
          socket.destroy();
          resolve();
          return;
        }
        remaining = Number(length[1]) - (buffer.length - at - 4);
        if (remaining <= 0) done();
      });
      socket.on('error', () => {
        errors++;
        resolve();
      });
    });

  await Promise.all(Array.from({ length: connections }, connection));
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return {
    requests: latencies.length,
    seconds: elapsed,
    rps: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies.at(-1) ?? Number.NaN,
    bytes,
    non2xx,
    errors,
  };
}
