import { webcrypto } from 'node:crypto';

// The stand-in signs tokens with jose, which needs what a browser's window has: WebCrypto, and a
// TextEncoder whose bytes are the page's own Uint8Array. jsdom's crypto has no `subtle`, and the
// TextEncoder jest-fixed-jsdom installs is Node's, whose bytes belong to Node's realm and fail
// jose's `instanceof Uint8Array` checks in this one. Both are made as in a browser.
Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle, configurable: true });

class PageTextEncoder extends TextEncoder {
  override encode(input?: string): Uint8Array<ArrayBuffer> {
    return new Uint8Array(super.encode(input));
  }
}
globalThis.TextEncoder = PageTextEncoder;
