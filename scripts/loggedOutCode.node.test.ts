/**
 * /login and /signup paint and take input on little code: RTK Query with the app's endpoints and the
 * toasts' code load when first needed (a form's call, a member's page, the first toast). This walks
 * the imports the app and those two pages load with them (static imports; `import()` and
 * `import type` load nothing) and checks that neither comes along.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const root = join(__dirname, '..');

/** The modules a file loads with it: its static imports and re-exports, not its types or its `import()`s. */
export function staticImports(source: string): string[] {
  const withoutComments = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found: string[] = [];
  const statement = /^\s*(import|export)\s+(type\s+)?([^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
  for (const match of withoutComments.matchAll(statement)) {
    const [, keyword, typeOnly, clause, specifier] = match;
    if (typeOnly || (keyword === 'export' && !clause)) continue;
    found.push(specifier!);
  }
  return found;
}

function resolveFile(from: string, specifier: string): string | null {
  const base = join(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.(ts|tsx)$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** Every project file and package these files load with them. */
function loadedWith(entries: string[]): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = entries.map((entry) => join(root, entry));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) {
        packages.add(specifier);
        continue;
      }
      const next = resolveFile(file, specifier);
      if (next) queue.push(next);
    }
  }
  return { files, packages };
}

describe('the code /login and /signup load with them', () => {
  const { files, packages } = loadedWith(['src/main.tsx', 'src/app/App.tsx', 'src/pages/LoginPage.tsx', 'src/pages/SignupPage.tsx']);
  const projectFiles = [...files].map((file) => relative(root, file));

  it('reaches the pages it starts from (the walk follows imports)', () => {
    expect(projectFiles).toEqual(expect.arrayContaining(['src/app/store.ts', 'src/features/auth/components/LoginForm.tsx', 'src/features/auth/components/SignupForm.tsx']));
    expect(packages).toContain('@reduxjs/toolkit');
  });

  it('holds neither RTK Query, nor the app\'s API and endpoints, nor the toasts\' code', () => {
    expect([...packages].filter((name) => name.startsWith('@reduxjs/toolkit/query') || name.startsWith('react-toastify/unstyled') || name === 'react-toastify')).toEqual([]);
    expect(projectFiles.filter((file) => file === 'src/lib/api/api.ts' || /Api\.ts$/.test(file))).toEqual([]);
  });

  it('reads imports as the bundler does', () => {
    const source = [
      "import { a } from './a';",
      "import type { B } from './b';",
      "import './c.css';",
      "export { d } from './d';",
      "export type { E } from './e';",
      "const f = () => import('./f');",
      "// import { g } from './g';",
      "import {\n  h,\n  type H,\n} from 'h-package';",
    ].join('\n');
    expect(staticImports(source)).toEqual(['./a', './c.css', './d', 'h-package']);
  });
});
