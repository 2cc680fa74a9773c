import { pngBytes } from '../../contract/tests/fixtures';
import { plainJpeg } from '../../contract/tests/imageFixtures';
import { fileToDataUrl, MAX_IMAGE_BYTES, readImageFile } from './fileToDataUrl';

const file = (bytes: Uint8Array<ArrayBuffer> | string, name: string, type: string) => new File([bytes], name, { type });

describe('readImageFile', () => {
  it('reads an image into a data URL of the type its bytes show, whatever its name says', async () => {
    await expect(readImageFile(file(pngBytes(1, 1), 'dot.png', 'image/png'))).resolves.toEqual({ dataUrl: expect.stringMatching(/^data:image\/png;base64,iVBORw0KGgo/) });
    await expect(readImageFile(file(plainJpeg(), 'photo.png', 'image/png'))).resolves.toEqual({ dataUrl: expect.stringMatching(/^data:image\/jpeg;base64,/) });
  });

  it('refuses an SVG, and text named like a picture, by their bytes', async () => {
    await expect(readImageFile(file('<svg xmlns="http://www.w3.org/2000/svg"/>', 'logo.svg', 'image/svg+xml'))).resolves.toEqual({ problem: 'not-image' });
    await expect(readImageFile(file('just some notes', 'notes.png', 'image/png'))).resolves.toEqual({ problem: 'not-image' });
    await expect(readImageFile(file(new Uint8Array(0), 'empty.png', 'image/png'))).resolves.toEqual({ problem: 'not-image' });
  });

  it('takes an image of exactly 2 MB and refuses one byte more, or a 5 MB one', async () => {
    await expect(readImageFile(file(pngBytes(64, 64, MAX_IMAGE_BYTES), 'limit.png', 'image/png'))).resolves.toHaveProperty('dataUrl');
    await expect(readImageFile(file(pngBytes(64, 64, MAX_IMAGE_BYTES + 1), 'over.png', 'image/png'))).resolves.toEqual({ problem: 'too-large' });
    await expect(readImageFile(file(pngBytes(64, 64, 5 * 1024 * 1024), 'big.png', 'image/png'))).resolves.toEqual({ problem: 'too-large' });
  });

  it('refuses a small file that claims a canvas over 4096 x 4096', async () => {
    await expect(readImageFile(file(pngBytes(4097, 4096), 'bomb.png', 'image/png'))).resolves.toEqual({ problem: 'too-many-pixels' });
    await expect(readImageFile(file(pngBytes(4096, 4096), 'largest.png', 'image/png'))).resolves.toHaveProperty('dataUrl');
  });

  it('refuses a file cut off before its end, small or past the first bytes read', async () => {
    const photo = plainJpeg();
    await expect(readImageFile(file(photo.slice(0, -2), 'cut.jpg', 'image/jpeg'))).resolves.toEqual({ problem: 'cut-off' });
    const large = pngBytes(64, 64, 200_000);
    await expect(readImageFile(file(large.slice(0, -12), 'cut.png', 'image/png'))).resolves.toEqual({ problem: 'cut-off' });
    await expect(readImageFile(file(large, 'whole.png', 'image/png'))).resolves.toHaveProperty('dataUrl');
  });

  it('says so when the file cannot be read', async () => {
    const spy = jest.spyOn(FileReader.prototype, 'readAsArrayBuffer').mockImplementation(function (this: FileReader) {
      this.onerror?.(new ProgressEvent('error') as ProgressEvent<FileReader>);
    });
    await expect(readImageFile(file(pngBytes(1, 1), 'dot.png', 'image/png'))).resolves.toEqual({ problem: 'unreadable' });
    spy.mockRestore();
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
