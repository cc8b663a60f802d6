import { describe, expect, it, vi } from 'vitest';
import type { Credential, CredentialSource } from '../../api/connection.ts';
import { renewAndReload } from './renew-and-reload.ts';

function source(renewed: Credential | null | Error) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const credentials: CredentialSource = {
    current: async () => ({ kind: 'bearer', token: 'old' }),
    peek: () => ({ kind: 'bearer', token: 'old' }),
    renew: vi.fn(async () => {
      await gate;
      if (renewed instanceof Error) throw renewed;
      return renewed;
    }),
  };
  return { credentials, release };
}

describe('renewAndReload', () => {
  it('renews once for a burst of refused tiles, then reloads once', async () => {
    const { credentials, release } = source({ kind: 'bearer', token: 'new' });
    const reload = vi.fn();
    const onUnauthorized = renewAndReload(credentials, reload);
    for (let i = 0; i < 12; i += 1) onUnauthorized();
    release();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(credentials.renew).toHaveBeenCalledTimes(1);
    expect(credentials.renew).toHaveBeenCalledWith({ kind: 'bearer', token: 'old' });
  });

  it('does not reload when nothing fresh can be had, and tries again on the next refusal', async () => {
    const { credentials, release } = source(new Error('offline'));
    const reload = vi.fn();
    const onUnauthorized = renewAndReload(credentials, reload);
    onUnauthorized();
    release();
    await vi.waitFor(() => expect(credentials.renew).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    onUnauthorized();
    await vi.waitFor(() => expect(credentials.renew).toHaveBeenCalledTimes(2));
    expect(reload).not.toHaveBeenCalled();
  });
});
