import { describe, expect, it } from 'vitest';
import type { Credential } from './connection.ts';
import { CREDENTIAL_REUSE_MS, credentialsFromPage, type CredentialQuestion } from './credential-channel.ts';

/** A page that answers each question with the next token, and counts them. */
function page() {
  const questions: CredentialQuestion[] = [];
  let clock = 0;
  let issued = 0;
  const worker = credentialsFromPage(
    {
      postMessage: (message) => {
        const question = message as CredentialQuestion;
        questions.push(question);
        const credential: Credential = { kind: 'bearer', token: `t${++issued}` };
        queueMicrotask(() => worker.answered({ type: 'credential', id: question.id, credential }));
      },
    },
    () => clock,
  );
  return { worker, questions, advance: (ms: number) => (clock += ms) };
}

describe('a worker asking the page for credentials', () => {
  it('asks once for requests that start together, reuses the answer a few seconds, then asks again', async () => {
    const { worker, questions, advance } = page();
    const first = await Promise.all([1, 2, 3].map(() => worker.source.current()));
    expect(first).toEqual([1, 2, 3].map(() => ({ kind: 'bearer', token: 't1' })));
    expect(questions).toHaveLength(1);
    advance(CREDENTIAL_REUSE_MS - 1);
    expect(await worker.source.current()).toEqual({ kind: 'bearer', token: 't1' });
    advance(1);
    expect(await worker.source.current()).toEqual({ kind: 'bearer', token: 't2' });
    expect(questions).toHaveLength(2);
  });

  it('after a 401, asks the page to renew and drops what it kept', async () => {
    const { worker, questions } = page();
    const rejected = await worker.source.current();
    expect(await worker.source.renew(rejected)).toEqual({ kind: 'bearer', token: 't2' });
    expect(questions[1].rejected).toEqual(rejected);
    expect(await worker.source.current()).toEqual({ kind: 'bearer', token: 't2' });
    expect(questions).toHaveLength(2);
  });
});
