/**
 * The lint rule that keeps the app's words in its catalogues (scripts/literalText.cjs): it finds
 * words written in place.
 */
import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { LITERAL_TEXT } = require('./literalText.cjs') as { LITERAL_TEXT: unknown[] };

const ROOT = join(__dirname, '..');

function linter(): ESLint {
  return new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.tsx'], languageOptions: { parser: tseslint.parser as never }, rules: { 'no-restricted-syntax': ['error', ...LITERAL_TEXT] as never } }],
  });
}

it('finds words written in place: text, a name read out, a string, a choice or a template put there; not a count, a symbol or a class name', async () => {
  const [result] = await linter().lintText([
    'export const A = ({ n, name }: { n: number; name: string }) => (',
    '  <div title="Shown on hover">',
    '    Hello',
    "    <button aria-label={'Close the window'}>×</button>",
    '    <p>{`${n} left`}</p>',
    '    <p>{n} · {name}</p>',
    '    <img alt="" src="a.png" />',
    "    <span className={`chip${n > 1 ? ' chip--many' : ''}`}>{n > 1 ? 'Many' : null}</span>",
    "    <img alt={n > 0 ? `${name}'s photo` : ''} src=\"a.png\" />",
    '  </div>',
    ');',
  ].join('\n'), { filePath: join(ROOT, 'src', 'components', 'Example.tsx') });
  // The title, then the text 'Hello' (its node begins where line 2 ends), the button's name, the
  // template, the word a choice shows (and not the class names the span is given), a template a choice puts in a name.
  expect(result!.messages.map(({ line, column }) => `${line}:${column}`)).toEqual(['2:14', '2:31', '4:25', '5:13', '8:68', '9:30']);
});
