/**
 * `npm run i18n:compile`: writes src/i18n/compiled/<locale>.json from each catalogue in
 * src/i18n/catalogues/, and the pseudo-locale from English. English is written in two parts: the
 * first pages' words (en-first.json, in the first bundle) and the member's app's (en.json). Run it after
 * editing a catalogue; a unit test (src/i18n/i18n.test.tsx) fails while a compiled file is behind
 * its source.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOGUES } from '../src/i18n/catalogues';
import { compiledFiles } from '../src/i18n/compile';

const out = join(__dirname, '..', 'src', 'i18n', 'compiled');
mkdirSync(out, { recursive: true });
for (const [file, source] of Object.entries(compiledFiles())) writeFileSync(join(out, `${file}.json`), source);
for (const [locale, catalogue] of Object.entries(CATALOGUES)) console.log(`${locale}: ${Object.keys(catalogue).length} messages`);
