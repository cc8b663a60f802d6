import { useEffect, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useAuth } from '../../auth/auth-store.ts';
import { signInToGateway } from '../../auth/sign-in.ts';
import { ErrorNotice } from '../../ui/errors/ErrorNotice.tsx';
import { InputField } from '../../ui/fields/Field.tsx';

/**
 * Gateway mode: the gateway that serves the app holds the service credentials, so there is no
 * credential form. The browser may already be admitted (a session from earlier, an SSO proxy);
 * otherwise the team's access key is asked for, when the gateway uses one.
 */
export function GatewaySignIn({ accessKeyRequired }: { accessKeyRequired: boolean }) {
  const notice = useAuth((s) => s.notice);
  const [accessKey, setAccessKey] = useState('');
  const probe = useMutation({ mutationFn: () => signInToGateway() });
  const signIn = useMutation({ mutationFn: (key: string) => signInToGateway(key) });
  // After a session ended the answer is known; otherwise ask whether this browser is admitted already.
  const probeOnOpen = !notice;
  const { mutate: runProbe } = probe;
  useEffect(() => {
    if (probeOnOpen) runProbe();
  }, [probeOnOpen, runProbe]);

  if (probe.isPending)
    return (
      <p className="dialog__subtitle" role="status">
        Connecting to the gateway…
      </p>
    );

  if (!accessKeyRequired) {
    return (
      <div className="form">
        {notice && (
          <p className="notice notice--warning" role="status">
            {notice}
          </p>
        )}
        {probe.isError ? (
          <ErrorNotice title="The gateway did not answer" error={probe.error} onRetry={() => probe.mutate()} compact />
        ) : (
          <div className="error-notice error-notice--compact" role="alert">
            <div className="error-notice__title">Not admitted</div>
            <p className="error-notice__message">
              The gateway did not admit this browser. Sign in through your organisation's sign-on, then retry.
            </p>
            <button type="button" className="button button--small" onClick={() => probe.mutate()}>
              Retry
            </button>
          </div>
        )}
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate(accessKey);
  };
  return (
    <form className="form" onSubmit={submit}>
      {notice && (
        <p className="notice notice--warning" role="status">
          {notice}
        </p>
      )}
      <InputField
        label="Access key"
        type="password"
        required
        value={accessKey}
        onChange={(e) => setAccessKey(e.target.value)}
        autoComplete="current-password"
        spellCheck={false}
        hint="The key your team uses for this viewer. The service credentials stay on the server."
      />
      {probe.isError && <ErrorNotice title="The gateway did not answer" error={probe.error} compact />}
      {signIn.isError && <ErrorNotice title="Sign-in failed" error={signIn.error} compact />}
      <button type="submit" className="button button--primary button--block" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
