/**
 * What a device is, from its User-Agent (the `accounts` extension): the browser and the system, by
 * the names their makers give them, so a member can tell their phone from their laptop in the list
 * of their devices. Only well-known names are read; anything else is '' and the app says "Unknown".
 */

/** Browsers, the first match winning: each one's User-Agent also names the ones after it. */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera|OPiOS)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|HeadlessChrome|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];

/** Systems, the first match winning: an iPhone's User-Agent says "like Mac OS X", Android's "Linux". */
const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\bWindows\b/, 'Windows'],
  [/\biPhone\b/, 'iOS'],
  [/\biPad\b/, 'iPadOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export interface Device {
  browser: string;
  system: string;
}

function firstMatch(text: string, names: readonly (readonly [RegExp, string])[]): string {
  return names.find(([pattern]) => pattern.test(text))?.[1] ?? '';
}

/** The browser and the system a User-Agent names, '' for what it does not. */
export function deviceOf(userAgent: string): Device {
  return { browser: firstMatch(userAgent, BROWSERS), system: firstMatch(userAgent, SYSTEMS) };
}
