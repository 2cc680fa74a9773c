/** Files in and out of the workbench. */

/** Saves `text` as a file the browser downloads. */
export function download(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The download has its copy once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A chosen file's text (FileReader: every browser, and the tests' DOM). */
export function textOf(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The browser could not read the file.'));
    reader.readAsText(file);
  });
}
