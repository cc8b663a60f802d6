/** Signing in: the dialog (API key, client credentials or a gateway's access key). */
export { SignInDialog } from './SignInDialog.tsx';
