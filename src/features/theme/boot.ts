import { holdPressesFromTheHead } from '../../lib/heldPresses';
import { browserStorage } from '../../lib/browserStorage';
import { readThemeChoice, showThemeChoice } from './themeChoice';
import { awaitWords, showLanguage, startingLanguage } from '../../i18n/languageChoice';

// /theme.js: loaded by a plain <script> in the head of every page (public/index.html), so that the
// stored theme is on <html> before the first paint, and a press on a page built ahead is held from
// then until the app has taken the page over. A file rather than an inline script, so the server's
// Content-Security-Policy still refuses every inline script. The page's language and direction are
// put there too, so a page built ahead in English never paints left to right for a member who reads
// right to left, and its English words wait hidden until the app speaks theirs.
showThemeChoice(document.documentElement, readThemeChoice(browserStorage));
const language = startingLanguage(window.location.search, browserStorage, navigator.languages);
showLanguage(document.documentElement, language);
awaitWords(document.documentElement, language);
holdPressesFromTheHead();
