import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { signInWithClient, type ClientSignIn } from '../../auth/sign-in.ts';
import { ErrorNotice } from '../../ui/errors/ErrorNotice.tsx';
import { InputField } from '../../ui/fields/Field.tsx';

/** Client id and secret, exchanged for a bearer token. The secret lives only in this form and in memory. */
export function ClientCredentialsForm({ defaults }: { defaults: ClientSignIn }) {
  const [form, setForm] = useState<ClientSignIn>(defaults);
  const signIn = useMutation({ mutationFn: signInWithClient });
  const update = (name: keyof ClientSignIn) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [name]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate(form);
  };

  return (
    <form className="form" onSubmit={submit}>
      <InputField
        label="Service URL"
        type="url"
        required
        value={form.serviceUrl}
        onChange={update('serviceUrl')}
        autoComplete="url"
      />
      <InputField
        label="Audience"
        required
        value={form.audience}
        onChange={update('audience')}
        autoComplete="off"
        spellCheck={false}
      />
      <InputField
        label="Client ID"
        required
        value={form.clientId}
        onChange={update('clientId')}
        autoComplete="username"
        spellCheck={false}
      />
      <InputField
        label="Client secret"
        type="password"
        required
        value={form.clientSecret}
        onChange={update('clientSecret')}
        autoComplete="current-password"
      />
      {signIn.isError && <ErrorNotice title="Sign-in failed" error={signIn.error} compact />}
      <button type="submit" className="button button--primary button--block" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
