import { describe, expect, it } from 'vitest';
import { exportedUrl, stripCredentials } from './strip-credentials.ts';

describe('stripCredentials', () => {
  it('removes api_key and access_token and keeps everything else as it was', () => {
    expect(stripCredentials('https://h/tile/v2/S/16/1/2?api_key=eyJ.x.y')).toBe('https://h/tile/v2/S/16/1/2');
    expect(stripCredentials('https://h/t?format=png&api_key=k&x=a%20b&access_token=t#top')).toBe(
      'https://h/t?format=png&x=a%20b#top',
    );
    expect(stripCredentials('/tile/v2/S/16/1/2.png?ACCESS_TOKEN=t&Api_Key=k')).toBe('/tile/v2/S/16/1/2.png');
    expect(stripCredentials('https://h/t?api%5Fkey=k&metadata=true')).toBe('https://h/t?metadata=true');
  });

  it('leaves URLs without credentials alone', () => {
    for (const url of [
      'https://h/t',
      'https://h/t?a=1&b=2',
      'https://h/t?my_api_key_note=1',
      'https://h/t#api_key=fragment',
    ]) {
      expect(stripCredentials(url)).toBe(url);
    }
  });

  it('keeps the key only when asked', () => {
    const url = 'https://h/t?api_key=k';
    expect(exportedUrl(url)).toBe('https://h/t');
    expect(exportedUrl(url, { includeKey: true })).toBe(url);
  });
});
