/**
 * Jobs of many clients sharing a few workers: each client's jobs wait in their own line, and a free worker takes the
 * next job of the next client in turn (round robin), never of a client already running `perClient` jobs. So one client
 * flooding heavy jobs holds at most `perClient` workers, and another client's job starts at the next free worker, or
 * at once when a worker is kept from the flood (perClient < slots), instead of behind every job the flood queued
 * (issue 45, item 6: a tiny coverage request took 13.8 s behind one token's 12 heavy ones).
 */
export class QueueFull extends Error {}

interface Waiting {
  start(): void;
  refuse(error: Error): void;
}

export interface FairQueueLimits {
  /** Jobs running at once, in all. */
  slots: number;
  /** Jobs of one client running at once. */
  perClient: number;
  /** Jobs of one client waiting; more are refused (QueueFull). */
  waitingPerClient: number;
  /** Jobs waiting in all; more are refused. */
  waiting: number;
}

export interface FairQueueCounts {
  running: number;
  waiting: number;
  /** Jobs started so far, by client: what a test reads the order by. */
  started: Map<string, number>;
}

export function fairQueue(limits: FairQueueLimits) {
  /** Each client's waiting jobs, in the order the clients came. */
  const lines = new Map<string, Waiting[]>();
  const running = new Map<string, number>();
  /** When each client with jobs in the queue last had one started: the turn goes to whoever waited longest. */
  const lastTurn = new Map<string, number>();
  const started = new Map<string, number>();
  let turns = 0;
  let runningTotal = 0;
  let waitingTotal = 0;

  /** The client whose turn it is: jobs waiting, under its own limit, and the longest since its last turn. */
  function nextClient(): string | undefined {
    let next: string | undefined;
    let nextTurn = Number.POSITIVE_INFINITY;
    for (const client of lines.keys()) {
      const turn = lastTurn.get(client) ?? -1;
      if ((running.get(client) ?? 0) < limits.perClient && turn < nextTurn) [next, nextTurn] = [client, turn];
    }
    return next;
  }

  /** Starts jobs while a worker is free, each from the next client in turn. */
  function dispatch(): void {
    while (runningTotal < limits.slots) {
      const client = nextClient();
      if (client === undefined) return;
      const line = lines.get(client) as Waiting[];
      const job = line.shift() as Waiting;
      if (line.length === 0) lines.delete(client);
      waitingTotal--;
      runningTotal++;
      running.set(client, (running.get(client) ?? 0) + 1);
      started.set(client, (started.get(client) ?? 0) + 1);
      lastTurn.set(client, turns++);
      job.start();
    }
  }

  function finished(client: string): void {
    runningTotal--;
    const left = (running.get(client) ?? 1) - 1;
    if (left > 0) running.set(client, left);
    else running.delete(client);
    // A client with nothing queued or running is forgotten (and comes back as new).
    if (left <= 0 && !lines.has(client)) lastTurn.delete(client);
    dispatch();
  }

  return {
    /** Runs `job` for `client` when its turn comes; refused at once (QueueFull) when too many wait. */
    run<T>(client: string, job: () => Promise<T>): Promise<T> {
      const line = lines.get(client) ?? [];
      if (line.length >= limits.waitingPerClient || waitingTotal >= limits.waiting)
        return Promise.reject(new QueueFull(`Too many jobs of this client wait (${line.length}).`));
      return new Promise<T>((resolve, reject) => {
        line.push({
          start: () => {
            Promise.resolve()
              .then(job)
              .then(resolve, reject)
              .finally(() => finished(client));
          },
          refuse: reject,
        });
        waitingTotal++;
        lines.set(client, line);
        dispatch();
      });
    },
    /** Refuses every job still waiting. */
    clear(error: Error): void {
      for (const line of lines.values()) for (const job of line.splice(0)) job.refuse(error);
      lines.clear();
      waitingTotal = 0;
    },
    counts(): FairQueueCounts {
      return { running: runningTotal, waiting: waitingTotal, started: new Map(started) };
    },
  };
}
