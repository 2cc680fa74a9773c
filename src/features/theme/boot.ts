import { browserStorage, readThemeChoice, showThemeChoice } from './themeChoice';

// /theme.js: loaded by a plain <script> in the head of every page (public/index.html), so that the
// stored theme is on <html> before the first paint. A file rather than an inline script, so the
// server's Content-Security-Policy still refuses every inline script.
showThemeChoice(document.documentElement, readThemeChoice(browserStorage));
