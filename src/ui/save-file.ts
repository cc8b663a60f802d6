/** Saves a file the way the browser saves downloads. */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Large files (a GeoTIFF export) may still be read from the URL for a while after the click.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Saves text as a file of this media type. */
export function saveText(fileName: string, text: string, type: string): void {
  saveBlob(fileName, new Blob([text], { type }));
}

/** A value as a JSON file's text: indented, ending with a newline. */
export const jsonFileText = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
