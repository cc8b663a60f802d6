import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { readRememberedKey } from '../../auth/remembered-key.ts';
import { forgetKey, signInWithApiKey, type ApiKeySignIn } from '../../auth/sign-in.ts';
import { ErrorNotice } from '../../ui/errors/ErrorNotice.tsx';
import { InputField } from '../../ui/fields/Field.tsx';

/** A static API key. It is kept on this device only when the user asks for it. */
export function ApiKeyForm({ defaultServiceUrl }: { defaultServiceUrl: string }) {
  const [remembered, setRemembered] = useState(readRememberedKey);
  const [form, setForm] = useState<ApiKeySignIn>(() => ({
    serviceUrl: remembered?.serviceUrl || defaultServiceUrl,
    apiKey: remembered?.apiKey ?? '',
    remember: remembered !== null,
  }));
  const signIn = useMutation({ mutationFn: signInWithApiKey });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate(form);
  };
  const forget = () => {
    forgetKey();
    setRemembered(null);
    setForm((f) => ({ ...f, apiKey: '', remember: false }));
  };

  return (
    <form className="form" onSubmit={submit}>
      <InputField
        label="Service URL"
        type="url"
        required
        value={form.serviceUrl}
        onChange={(e) => setForm((f) => ({ ...f, serviceUrl: e.target.value }))}
      />
      <InputField
        label="API key"
        type="password"
        required
        value={form.apiKey}
        onChange={(e) => setForm((f) => ({ ...f, apiKey: e.target.value }))}
        autoComplete="off"
        spellCheck={false}
        hint="Static keys travel in tile URLs; treat them like a password."
      />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={form.remember}
          onChange={(e) => setForm((f) => ({ ...f, remember: e.target.checked }))}
        />
        Remember on this device
      </label>
      {remembered && (
        <button type="button" className="button button--link" onClick={forget}>
          Forget the key remembered on this device
        </button>
      )}
      {signIn.isError && <ErrorNotice title="Sign-in failed" error={signIn.error} compact />}
      <button type="submit" className="button button--primary button--block" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
