/**
 * `npm run i18n:compile`: writes src/i18n/compiled/<locale>.ts from each catalogue in
 * src/i18n/catalogues/, and the pseudo-locale from English. Run it after editing a catalogue; a unit
 * test (src/i18n/compiled.test.ts) fails while a compiled file is behind its source.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOGUES } from '../src/i18n/catalogues';
import { compileCatalogue, compiledModule, pseudoCatalogue } from '../src/i18n/compile';
import { PSEUDO_LOCALE } from '../src/i18n/locales';

const out = join(__dirname, '..', 'src', 'i18n', 'compiled');
for (const [locale, catalogue] of Object.entries(CATALOGUES)) {
  const compiled = compileCatalogue(catalogue);
  writeFileSync(join(out, `${locale}.ts`), compiledModule(locale, compiled));
  if (locale === 'en') writeFileSync(join(out, `${PSEUDO_LOCALE}.ts`), compiledModule(PSEUDO_LOCALE, pseudoCatalogue(compiled)));
  console.log(`${locale}: ${Object.keys(catalogue).length} messages`);
}
