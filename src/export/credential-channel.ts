import { ApiError } from '../api/api-error.ts';
import type { Credential, CredentialSource } from '../api/connection.ts';

/**
 * How the export worker proves who it is without holding credentials: before each request it asks the page, whose
 * auth store alone holds them, for the credential to send (a bearer token, the API key, or — behind the gateway —
 * the same-origin cookie, which needs nothing from the page), and after a 401 it asks the page to renew. A client
 * secret never crosses: the page refreshes tokens itself.
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

/** The worker's side: a credential source that asks the page each time; `answered` is fed the page's answers. */
export function credentialsFromPage(port: Port): {
  source: CredentialSource;
  answered(answer: CredentialAnswer): void;
} {
  const waiting = new Map<number, (credential: Credential | null) => void>();
  let nextId = 0;
  const ask = (rejected?: Credential) =>
    new Promise<Credential | null>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      port.postMessage({ type: 'credential', id, rejected } satisfies CredentialQuestion);
    });
  return {
    source: {
      current: async () => {
        const credential = await ask();
        if (!credential) throw new ApiError(401, 'signed_out', 'Signed out: sign in again and export again.');
        return credential;
      },
      renew: (rejected) => ask(rejected),
      peek: () => null,
    },
    answered: ({ id, credential }) => {
      waiting.get(id)?.(credential);
      waiting.delete(id);
    },
  };
}
