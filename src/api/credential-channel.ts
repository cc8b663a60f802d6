import { ApiError } from './api-error.ts';
import type { Connection, Credential, CredentialSource } from './connection.ts';

/**
 * How a worker that fetches from the service (the GeoTIFF export's, the change engine's) proves who it is without
 * keeping credentials: it asks the page, whose auth store holds them,
 * for the credential to send (a bearer token, the API key, or — behind the gateway — the same-origin cookie, which
 * needs nothing from the page), uses the answer for a few seconds at most (a question per tile kept the page's main
 * thread busy and every fetch waiting for it), and after a 401 asks the page to renew. A client secret never
 * crosses: the page refreshes tokens itself, well before they expire.
 */
export type CredentialQuestion = { type: 'credential'; id: number; rejected?: Credential };
export type CredentialAnswer = { type: 'credential'; id: number; credential: Credential | null };

interface Port {
  postMessage(message: unknown): void;
}

/** The page's side: answers the worker's questions from the session's credential source. */
export function answerCredentialQuestion(
  port: Port,
  source: CredentialSource | undefined,
  question: CredentialQuestion,
) {
  const answer = question.rejected ? source?.renew(question.rejected) : source?.current();
  Promise.resolve(answer ?? null).then(
    (credential) => port.postMessage({ type: 'credential', id: question.id, credential } satisfies CredentialAnswer),
    () => port.postMessage({ type: 'credential', id: question.id, credential: null } satisfies CredentialAnswer),
  );
}

/** How long the worker sends an answer before asking again. */
export const CREDENTIAL_REUSE_MS = 5_000;

/** The worker's side: a credential source that asks the page; `answered` is fed the page's answers. */
export function credentialsFromPage(
  port: Port,
  now: () => number = () => performance.now(),
): {
  source: CredentialSource;
  answered(answer: CredentialAnswer): void;
} {
  const waiting = new Map<number, (credential: Credential | null) => void>();
  let nextId = 0;
  let kept: { credential: Credential; until: number } | null = null;
  let asking: Promise<Credential | null> | null = null;
  const ask = (rejected?: Credential) =>
    new Promise<Credential | null>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      port.postMessage({ type: 'credential', id, rejected } satisfies CredentialQuestion);
    }).then((credential) => {
      kept = credential && { credential, until: now() + CREDENTIAL_REUSE_MS };
      return credential;
    });
  return {
    source: {
      current: async () => {
        if (kept && now() < kept.until) return kept.credential;
        // Requests starting together share one question.
        asking ??= ask().finally(() => {
          asking = null;
        });
        const credential = await asking;
        if (!credential) throw new ApiError(401, 'signed_out', 'Signed out: sign in again and start again.');
        return credential;
      },
      renew: (rejected) => {
        kept = null;
        return ask(rejected);
      },
      peek: () => null,
    },
    answered: ({ id, credential }) => {
      waiting.get(id)?.(credential);
      waiting.delete(id);
    },
  };
}

/** What the page tells a fetching worker of the service it talks to (never a credential). */
export interface WorkerService {
  baseUrl: string;
  /** Behind the gateway: the session cookie goes along with same-origin requests. */
  sameOriginCookies: boolean;
}

/** The worker's connection: the page's service, with credentials asked from the page. */
export const workerConnection = (
  { baseUrl, sameOriginCookies }: WorkerService,
  source: CredentialSource,
): Connection => ({
  baseUrl,
  credentials: source,
  sameOriginCookies,
});
