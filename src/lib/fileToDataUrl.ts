/** The largest image a member may attach to a post. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export type ImageFileProblem = 'not-image' | 'too-large';

/** Whether a picked file can be attached as an image; null when it can. */
export function checkImageFile(file: Pick<File, 'type' | 'size'>, maxBytes: number = MAX_IMAGE_BYTES): ImageFileProblem | null {
  if (!file.type.startsWith('image/')) return 'not-image';
  if (file.size > maxBytes) return 'too-large';
  return null;
}

/** Reads a file into a data URL, so images travel as plain strings (no File objects in the store). */
export function fileToDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new Error('The file could not be read as a data URL.'));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}
