import { readFileSync } from 'node:fs';

/**
 * CPU time of the calling thread (the event loop's), ms, in clock ticks of 10 ms. Unlike a latency or a timer's lag it
 * does not depend on what else the machine runs: it is the work a load put on the loop.
 */
export function threadCpuMs(): number {
  const fields = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' ');
  // utime and stime, fields 14 and 15 of proc(5).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
