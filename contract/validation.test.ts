import { RuleError } from './errors';
import { LIMITS } from './limits';
import { ERROR_CODES, imagePixelsText, MESSAGES } from './messages';
import { dataUrl, PNG_DATA_URL, pngBytes } from './tests/fixtures';
import { plainJpeg } from './tests/imageFixtures';
import {
  checkBodyShape, countGraphemes, imageDimensions, parseJsonBody, readImageDataUrl, sniffImage, uploadedImage, validateAvatar,
  validateEmail, validatePortfolioUrl,
} from './validation';

/** A PNG's signature and IHDR with nothing after: a canvas to read, and a file cut off. */
function pngHeader(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  return bytes;
}

describe('validation rules', () => {
  it('takes an e-mail address with one @ and a dotted domain, trimmed', () => {
    expect(validateEmail(' sam.lee+news@mail.example.org ')).toBe('sam.lee+news@mail.example.org');
    for (const typo of ['sam', 'sam@', '@example.com', 'sam@example', 'sam@@example.com', 'sam lee@example.com', 'sam@example.', `${'a'.repeat(250)}@b.co`]) {
      expect(() => validateEmail(typo)).toThrow(new RuleError('emailInvalid'));
    }
  });

  it('counts characters as a person sees them', () => {
    expect(countGraphemes('héllo')).toBe(5);
    expect(countGraphemes('👍🏽🇫🇷👨‍👩‍👧')).toBe(3);
    expect(countGraphemes('e\u0301')).toBe(1);
    expect(countGraphemes('')).toBe(0);
  });

  it('sniffs the four image types by their first bytes', () => {
    expect(sniffImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(sniffImage(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x37, 0x61]))).toBe('gif');
    expect(sniffImage(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x30, 0x61]))).toBeUndefined();
    expect(sniffImage(new TextEncoder().encode('<svg xmlns='))).toBeUndefined();
  });

  it('refuses with RuleErrors carrying status, message and code', () => {
    expect(() => readImageDataUrl('data:text/plain;base64,aGVsbG8=')).toThrow(new RuleError('imageInvalid'));
    try {
      readImageDataUrl('data:text/plain;base64,aGVsbG8=');
    } catch (error) {
      expect(error).toMatchObject({ status: 400, message: MESSAGES.imageInvalid, code: ERROR_CODES.imageInvalid });
    }
    expect(readImageDataUrl(PNG_DATA_URL).kind).toBe('png');
    expect(validateAvatar('/images/avatars/x.jpg', '')).toEqual({ kind: 'shipped', path: '/images/avatars/x.jpg' });
    expect(validateAvatar('/images/avatars/x.jpg', '/images/avatars/x.jpg')).toEqual({ kind: 'unchanged' });
    expect(validateAvatar('', '/images/avatars/x.jpg')).toEqual({ kind: 'none' });
    expect(() => validateAvatar('data:image/png;base64,aGVsbG8=', '')).toThrow(MESSAGES.avatarInvalid);
    expect(validatePortfolioUrl('  https://example.com  ')).toBe('https://example.com');
    expect(() => validatePortfolioUrl('https://exa mple.com')).toThrow(MESSAGES.portfolioInvalid);
  });

  it('gives codes in snake case, one per message', () => {
    expect(ERROR_CODES.tokenInvalid).toBe('token_invalid');
    expect(ERROR_CODES.userNotRegistered).toBe('user_not_registered');
    expect(new Set(Object.values(ERROR_CODES)).size).toBe(Object.keys(MESSAGES).length);
  });
});

describe('image canvas', () => {
  it('reads the canvas each kind declares', () => {
    expect(imageDimensions('png', pngHeader(640, 480))).toEqual({ width: 640, height: 480 });
    expect(imageDimensions('gif', new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x20, 0x03, 0x58, 0x02]))).toEqual({ width: 800, height: 600 });
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 17, 8, 0x01, 0xe0, 0x02, 0x80, 3, 0, 0]);
    expect(imageDimensions('jpeg', jpeg)).toEqual({ width: 640, height: 480 });
    const vp8x = new Uint8Array(30);
    vp8x.set([...'RIFF\0\0\0\0WEBPVP8X'].map((c) => c.charCodeAt(0)));
    vp8x.set([0x7f, 0x02, 0x00, 0xdf, 0x01, 0x00], 24);
    expect(imageDimensions('webp', vp8x)).toEqual({ width: 640, height: 480 });
    const vp8l = new Uint8Array(25);
    vp8l.set([...'RIFF\0\0\0\0WEBPVP8L'].map((c) => c.charCodeAt(0)));
    const bits = (640 - 1) | ((480 - 1) << 14);
    vp8l.set([0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >>> 24) & 0xff], 20);
    expect(imageDimensions('webp', vp8l)).toEqual({ width: 640, height: 480 });
  });

  it('says nothing about a header too short to read', () => {
    expect(imageDimensions('png', pngHeader(1, 1).slice(0, 20))).toBeUndefined();
    expect(imageDimensions('jpeg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 1, 2]))).toBeUndefined();
    expect(imageDimensions('webp', new Uint8Array([...'RIFF\0\0\0\0WEBPVP8 '].map((c) => c.charCodeAt(0))))).toBeUndefined();
  });

  it('refuses a small file that claims a huge canvas, and accepts 4096 x 4096', () => {
    expect(() => readImageDataUrl(dataUrl('image/png', pngBytes(50_000, 50_000)))).toThrow(MESSAGES.imageTooManyPixels);
    expect(readImageDataUrl(dataUrl('image/png', pngBytes(4096, 4096))).kind).toBe('png');
    expect(() => readImageDataUrl(dataUrl('image/png', pngBytes(4097, 4096)))).toThrow(MESSAGES.imageTooManyPixels);
  });

  it("holds an image to a backend's own pixel limit, and names that limit in the refusal", () => {
    const limit = 2048 * 2048;
    expect(readImageDataUrl(dataUrl('image/png', pngBytes(2048, 2048)), 'imageInvalid', limit).kind).toBe('png');
    let refused: unknown;
    try {
      readImageDataUrl(dataUrl('image/png', pngBytes(2049, 2048)), 'imageInvalid', limit);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(RuleError);
    expect({ message: (refused as RuleError).message, code: (refused as RuleError).code, status: (refused as RuleError).status })
      .toEqual({ message: 'Images can be at most 4,194,304 pixels (2048 x 2048).', code: ERROR_CODES.imageTooManyPixels, status: 400 });
  });

  it("says a pixel limit with its square's side when it has a whole one; the default's words are the catalogue's", () => {
    expect(imagePixelsText(LIMITS.imagePixelsMax)).toBe(MESSAGES.imageTooManyPixels);
    expect(imagePixelsText(24_000_000)).toBe('Images can be at most 24,000,000 pixels.');
  });

  it('refuses an image cut off before its end', () => {
    expect(() => readImageDataUrl(dataUrl('image/png', pngHeader(64, 64)))).toThrow(MESSAGES.imageCutOff);
    expect(() => readImageDataUrl(dataUrl('image/jpeg', plainJpeg().slice(0, -2)))).toThrow(MESSAGES.imageCutOff);
  });

  it('decodes the whole image and names its kind by content', () => {
    const image = readImageDataUrl(PNG_DATA_URL);
    expect(image.kind).toBe('png');
    expect(image.bytes).toHaveLength(70);
    expect(readImageDataUrl(dataUrl('image/png', plainJpeg())).kind).toBe('jpeg');
  });

  it('writes an image back as a data URL that reads as the same bytes, whatever its length', () => {
    let seed = 11;
    const random = (length: number) => Uint8Array.from({ length }, () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) & 255);
    for (const length of [0, 1, 2, 3, 4, 5, 6, 64, 65, 66, 100_001]) {
      const bytes = random(length);
      const written = uploadedImage({ kind: 'png', bytes }).dataUrl;
      expect({ length, written }).toEqual({ length, written: `data:image/png;base64,${Buffer.from(bytes).toString('base64')}` });
    }
    expect(uploadedImage(readImageDataUrl(PNG_DATA_URL)).dataUrl).toBe(PNG_DATA_URL);
  });
});

describe('request bodies', () => {
  it('parses JSON and refuses what is not', () => {
    expect(parseJsonBody('{"a":[1,"b"]}')).toEqual({ a: [1, 'b'] });
    expect(() => parseJsonBody('{')).toThrow(MESSAGES.invalidJson);
    expect(() => parseJsonBody('')).toThrow(MESSAGES.invalidJson);
  });

  it('refuses keys that reach a prototype, and leaves every prototype alone', () => {
    for (const text of ['{"__proto__":{"admin":true}}', '{"a":{"constructor":{"prototype":{"x":1}}}}', '{"postData":{"prototype":1}}']) {
      expect(() => parseJsonBody(text)).toThrow(MESSAGES.invalidBody);
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('refuses nesting deeper than a body needs', () => {
    expect(() => checkBodyShape(JSON.parse(`${'['.repeat(9)}${']'.repeat(9)}`))).toThrow(MESSAGES.invalidBody);
    expect(() => checkBodyShape(JSON.parse(`${'['.repeat(8)}${']'.repeat(8)}`))).not.toThrow();
    expect(() => parseJsonBody(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toThrow(RuleError);
  });

  it('refuses text a database cannot hold, in values and keys', () => {
    expect(() => parseJsonBody('{"text":"a\\u0000b"}')).toThrow(MESSAGES.textUnstorable);
    expect(() => parseJsonBody('{"text":"\\ud83d"}')).toThrow(MESSAGES.textUnstorable);
    expect(() => parseJsonBody('{"a\\u0000":"b"}')).toThrow(MESSAGES.textUnstorable);
    expect(parseJsonBody('{"text":"\\ud83d\\ude00"}')).toEqual({ text: '😀' });
  });
});
