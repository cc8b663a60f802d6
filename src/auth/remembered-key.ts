/** The one credential that may touch storage: an API key the user asked this device to remember. */
const STORAGE_KEY = 'survey-viewer:remembered-api-key';

export interface RememberedKey {
  serviceUrl: string;
  apiKey: string;
}

export function readRememberedKey(): RememberedKey | null {
  try {
    // Stryker disable next-line StringLiteral: an empty text fails to parse, and a failure counts as nothing stored.
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (value && typeof value === 'object' && typeof (value as RememberedKey).apiKey === 'string') {
      const { serviceUrl, apiKey } = value as RememberedKey;
      return { serviceUrl: typeof serviceUrl === 'string' ? serviceUrl : '', apiKey };
    }
  } catch {
    // Unreadable storage counts as nothing remembered.
  }
  return null;
}

export function rememberKey(key: RememberedKey): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(key));
}

export function forgetRememberedKey(): void {
  localStorage.removeItem(STORAGE_KEY);
}
