import { checkImageFile, fileToDataUrl, MAX_IMAGE_BYTES } from './fileToDataUrl';

describe('checkImageFile', () => {
  it('accepts an image up to 2 MB', () => {
    expect(checkImageFile({ type: 'image/png', size: 10 })).toBeNull();
    expect(checkImageFile({ type: 'image/jpeg', size: MAX_IMAGE_BYTES })).toBeNull();
  });

  it('refuses a file that is not an image', () => {
    expect(checkImageFile({ type: 'text/plain', size: 10 })).toBe('not-image');
    expect(checkImageFile({ type: '', size: 10 })).toBe('not-image');
  });

  it('refuses an image over 2 MB', () => {
    expect(checkImageFile({ type: 'image/png', size: MAX_IMAGE_BYTES + 1 })).toBe('too-large');
  });
});

describe('fileToDataUrl', () => {
  it('reads a file into a data URL', async () => {
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'dot.png', { type: 'image/png' });
    await expect(fileToDataUrl(file)).resolves.toBe('data:image/png;base64,iVBORw==');
  });

  it('fails when the file cannot be read', async () => {
    const spy = jest.spyOn(FileReader.prototype, 'readAsDataURL').mockImplementation(function (this: FileReader) {
      this.onerror?.(new ProgressEvent('error') as ProgressEvent<FileReader>);
    });
    await expect(fileToDataUrl(new Blob(['x']))).rejects.toThrow();
    spy.mockRestore();
  });

  it('fails when the reader does not give a string', async () => {
    const spy = jest.spyOn(FileReader.prototype, 'readAsDataURL').mockImplementation(function (this: FileReader) {
      Object.defineProperty(this, 'result', { value: null });
      this.onload?.(new ProgressEvent('load') as ProgressEvent<FileReader>);
    });
    await expect(fileToDataUrl(new Blob(['x']))).rejects.toThrow('data URL');
    spy.mockRestore();
  });
});
