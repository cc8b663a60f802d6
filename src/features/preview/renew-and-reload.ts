import type { CredentialSource } from '../../api/connection.ts';

/**
 * What to do when preview tiles come back 401: renew the credential once, however many tiles
 * failed together, then reload the tiles. Nothing happens when no fresh credential can be had.
 */
export function renewAndReload(credentials: CredentialSource | undefined, reload: () => void): () => void {
  let renewing = false;
  return () => {
    const rejected = credentials?.peek();
    if (renewing || !credentials || !rejected) return;
    renewing = true;
    credentials
      .renew(rejected)
      .then((fresh) => {
        if (fresh) reload();
      })
      .catch(() => undefined)
      .finally(() => {
        renewing = false;
      });
  };
}
