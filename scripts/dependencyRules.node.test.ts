/**
 * The dependency direction is enforced by lint: contract/ reaches into nothing (no MSW, database,
 * HTTP server, React or Node built-ins, nothing of the app, the stand-in or the server), and the app
 * and the stand-in never import the server, and no product code (app, stand-in, server, contract)
 * imports the tools of scripts/. A screen asks what the backend offers through the capability map
 * alone. Inside the app, the layers go one way: types, config,
 * lib -> components -> features -> pages -> app; a feature reads another's slice through its selectors
 * only, and posts and bookmarks do not import each other.
 */
import { ESLint } from 'eslint';
import { join } from 'node:path';

const root = join(__dirname, '..');
const eslint = new ESLint({ cwd: root });

async function restrictedImports(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: join(root, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports' || message.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((message) => message.message);
}

describe('dependency rules', () => {
  it.each([
    ["import { http } from 'msw';", 'no MSW here'],
    ["import pg from 'pg';", 'no database or HTTP server here'],
    ["import { PGlite } from '@electric-sql/pglite';", 'no database or HTTP server here'],
    ["import Fastify from 'fastify';", 'no database or HTTP server here'],
    ["import { useState } from 'react';", 'no React or Redux here'],
    ["import { readFileSync } from 'node:fs';", 'no Node built-ins'],
    ["import { paths } from '../src/config/paths';", 'depends on nothing of the app'],
    ["import { server } from '../mocks/testing/node';", 'depends on nothing of the app'],
    ["import { buildApp } from '../server/app';", 'depends on nothing of the app'],
    ["import { readPort } from '../scripts/settings';", 'depends on nothing of the app'],
  ])('contract/ refuses %s', async (line, reason) => {
    const messages = await restrictedImports('contract/example.ts', `${line}\nexport const used = [];\n`);
    expect(messages).toEqual([expect.stringContaining(reason)]);
  });

  it('lets contract/ import itself, and its tests use Node', async () => {
    expect(await restrictedImports('contract/example.ts', "import { LIMITS } from './limits';\nexport const used = LIMITS;\n")).toEqual([]);
    expect(await restrictedImports('contract/tests/example.ts', "import { join } from 'node:path';\nexport const used = join;\n")).toEqual([]);
  });

  it.each([['src/example.ts'], ['mocks/example.ts']])('%s may not import the server', async (file) => {
    const messages = await restrictedImports(file, "import { buildApp } from '../server/app';\nexport const used = buildApp;\n");
    expect(messages).toEqual([expect.stringContaining('never import the server')]);
  });

  it.each([['src/example.ts'], ['mocks/example.ts'], ['server/example.ts'], ['server/db/example.ts']])('%s, product code, may not import the tools', async (file) => {
    const depth = file.split('/').length - 1;
    const messages = await restrictedImports(file, `import { readPort } from '${'../'.repeat(depth)}scripts/settings';\nexport const used = readPort;\n`);
    expect(messages).toEqual([expect.stringContaining('Product code imports no tooling')]);
  });

  it('lets the tools import the server\'s settings, and the server\'s tests the tools\' test helpers', async () => {
    expect(await restrictedImports('scripts/example.ts', "import { readServerSettings } from '../server/settings';\nexport const used = readServerSettings;\n")).toEqual([]);
    expect(await restrictedImports('server/tests/example.test.ts', "import { itRefusesEach } from '../../scripts/testing/settingRefusals';\nexport const used = itRefusesEach;\n")).toEqual([]);
  });

  it.each([
    ['src/features/posts/components/Example.tsx', "import { useBackendHas } from '../../../lib/api/api';"],
    ['src/pages/Example.tsx', "import { backendHas } from '../lib/api/api';"],
  ])('%s, a screen, asks the capability map and not what the backend has', async (file, line) => {
    const messages = await restrictedImports(file, `${line}\nexport const used = [];\n`);
    expect(messages).toEqual([expect.stringContaining('Ask the capability map')]);
    expect(await restrictedImports(file, `import { useCapability } from '${line.includes('../../../') ? '../../../' : '../'}lib/api/capabilities';\nexport const used = useCapability;\n`)).toEqual([]);
  });

  it('lets the calls below the screens, and tests, ask what the backend has', async () => {
    expect(await restrictedImports('src/lib/api/example.ts', "import { backendHas } from './api';\nexport const used = backendHas;\n")).toEqual([]);
    expect(await restrictedImports('src/features/posts/example.test.ts', "import { backendHas } from '../../lib/api/api';\nexport const used = backendHas;\n")).toEqual([]);
  });

  it('lets the app render its pages ahead with react-dom/server, which is not the project\'s server', async () => {
    expect(await restrictedImports('src/prerender/example.tsx', "import { renderToString } from 'react-dom/server';\nexport const used = renderToString;\n")).toEqual([]);
    expect(await restrictedImports('src/app/deep/example.ts', "import { x } from '../../../server/config';\nexport const used = x;\n")).toEqual([expect.stringContaining('never import the server')]);
  });

  it.each([
    ['src/lib/example.ts', "import { selectCurrentMember } from '../features/users/currentMember';", 'does not import features/'],
    ['src/config/example.ts', "import { Avatar } from '../components/Avatar';", 'does not import components/'],
    ['src/components/example.tsx', "import { PostCard } from '../features/posts/components/PostCard';", 'does not import features/'],
    ['src/features/posts/example.ts', "import { HomePage } from '../../pages/HomePage';", 'does not import pages/'],
    ['src/features/posts/example.ts', "import { makeStore } from '../../app/store';", 'does not import app/'],
    ['src/pages/example.tsx', "import { TopBar } from '../app/layouts/TopBar';", 'does not import app/'],
    ['src/features/bookmarks/example.ts', "import { postsApi } from '../posts/postsApi';", 'Bookmarks do not import the posts feature'],
    ['src/features/posts/components/example.tsx', "import { BookmarkToggle } from '../../bookmarks/components/BookmarkToggle';", 'Posts do not import the bookmarks feature'],
    ['src/features/auth/components/example.tsx', "import { loaderShown } from '../../ui/uiSlice';", "does not dispatch its actions"],
    ['src/features/users/example.ts', "import { sessionExpired } from '../auth/sessionSlice';", "does not dispatch its actions"],
  ])('%s may not %s', async (file, line, reason) => {
    const messages = await restrictedImports(file, `${line}\nexport const used = [];\n`);
    expect(messages).toEqual([expect.stringContaining(reason)]);
  });

  it('lets every layer import lower ones, and the store\'s types from app/', async () => {
    expect(await restrictedImports('src/features/posts/example.ts', "import { api } from '../../lib/api/api';\nimport type { RootState } from '../../app/store';\nexport const used = [api];\nexport type Used = RootState;\n")).toEqual([]);
    expect(await restrictedImports('src/features/users/example.ts', "import { selectCurrentUserId } from '../auth/sessionSlice';\nimport type { UiState } from '../ui/uiSlice';\nexport const used = [selectCurrentUserId];\nexport type Used = UiState;\n")).toEqual([]);
    expect(await restrictedImports('src/features/posts/example.ts', "import { feedSortChanged } from './feedSlice';\nexport const used = feedSortChanged;\n")).toEqual([]);
    expect(await restrictedImports('src/pages/example.tsx', "import { PostList } from '../features/posts/components/PostList';\nexport const used = PostList;\n")).toEqual([]);
    expect(await restrictedImports('src/app/example.ts', "import { HomePage } from '../pages/HomePage';\nexport const used = HomePage;\n")).toEqual([]);
  });
});
