/** Files in and out of the workbench. */

/** A chosen file's text (FileReader: every browser, and the tests' DOM). */
export function textOf(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The browser could not read the file.'));
    reader.readAsText(file);
  });
}
