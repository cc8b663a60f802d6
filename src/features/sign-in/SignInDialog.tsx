import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { RuntimeConfig } from '../../../core/wire/model.ts';
import { readRememberedKey } from '../../auth/remembered-key.ts';
import { ApiKeyForm } from './ApiKeyForm.tsx';
import { ClientCredentialsForm } from './ClientCredentialsForm.tsx';
import { GatewaySignIn } from './GatewaySignIn.tsx';

type Method = 'client' | 'apiKey';

/**
 * Modal sign-in over the map: client credentials, or a static API key; in gateway mode, the gateway's access key at
 * most. `actions` go in its header's corner (the page behind is inert, so what should work now is here).
 */
export function SignInDialog({ config, actions }: { config: RuntimeConfig; actions?: ReactNode }) {
  const [method, setMethod] = useState<Method>(() => (readRememberedKey() ? 'apiKey' : 'client'));
  const titleId = useId();
  const serviceUrl = config.serviceUrl || location.origin;
  const dialog = useRef<HTMLDivElement>(null);
  // Focus starts in the dialog (its first field), so Enter signs in with what is filled in.
  useEffect(() => dialog.current?.querySelector<HTMLElement>('input, button[type="submit"]')?.focus(), []);
  const tab = (value: Method, label: string) => (
    <button
      type="button"
      role="tab"
      id={`${titleId}-${value}`}
      aria-selected={method === value}
      aria-controls={`${titleId}-${value}-panel`}
      className="tabs__tab"
      onClick={() => setMethod(value)}
    >
      {label}
    </button>
  );

  return (
    <div className="dialog-backdrop">
      <div ref={dialog} className="dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <header className="dialog__header">
          <div className="brand-mark" aria-hidden="true" />
          <div>
            <h1 id={titleId} className="dialog__title">
              Sign in
            </h1>
            <p className="dialog__subtitle">
              {config.mode === 'gateway'
                ? "Connect through this site's gateway."
                : 'Connect to an imagery survey service.'}
            </p>
          </div>
          {actions && <div className="dialog__header-actions">{actions}</div>}
        </header>
        {config.mode === 'gateway' ? (
          <GatewaySignIn accessKeyRequired={config.accessKeyRequired} />
        ) : (
          <>
            <div className="tabs" role="tablist" aria-label="Sign-in method">
              {tab('client', 'Client credentials')}
              {tab('apiKey', 'API key')}
            </div>
            <div role="tabpanel" id={`${titleId}-${method}-panel`} aria-labelledby={`${titleId}-${method}`}>
              {method === 'client' ? (
                <ClientCredentialsForm defaults={{ ...config, serviceUrl }} />
              ) : (
                <ApiKeyForm defaultServiceUrl={serviceUrl} />
              )}
            </div>
          </>
        )}
      </div>
    </div>
  );
}
