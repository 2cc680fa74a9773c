/**
 * The server compiled once for a test run, for the tests that start it as a process of its own
 * (`npm run server` runs it compiled too, there by tsc). SWC compiles the server and the contract in
 * about a fifth of a second; ts-node compiled them again in every process a test started, about 3 s
 * of a core each, and the server's suites start dozens.
 *
 * The jest set-up of the server's suites compiles it and names the folder in TEST_SERVER_BUILD; a
 * process that starts servers without it (the fault rounds of `npm run faults`) compiles its own.
 * The folder lies under build/, so the server finds the repository (and node_modules) from it.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { transformFileSync } from '@swc/core';
import { REPOSITORY_ROOT } from '../config';

/** The environment variable that names the compiled server's folder. */
export const TEST_SERVER_BUILD = 'TEST_SERVER_BUILD';

/** The sources a server process runs: TypeScript compiled file by file, the settings' schema copied. */
const COMPILED = ['server', 'contract'];
const COPIED = ['server/settings.js'];

function isSource(name: string): boolean {
  return name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts');
}

function compileFolder(from: string, into: string): void {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const path = join(from, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'tests' && entry.name !== 'node_modules') compileFolder(path, into);
    } else if (isSource(entry.name)) {
      const { code } = transformFileSync(path, {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        module: { type: 'commonjs' },
        swcrc: false,
      });
      const target = join(into, relative(REPOSITORY_ROOT, path).replace(/\.ts$/, '.js'));
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, code);
    }
  }
}

/** Compiles the server into a new folder under build/ and returns it. */
export function compileServer(): string {
  mkdirSync(join(REPOSITORY_ROOT, 'build'), { recursive: true });
  const into = mkdtempSync(join(REPOSITORY_ROOT, 'build', 'test-server-'));
  for (const folder of COMPILED) compileFolder(join(REPOSITORY_ROOT, folder), into);
  for (const file of COPIED) cpSync(join(REPOSITORY_ROOT, file), join(into, file));
  return into;
}

export function removeCompiledServer(folder: string): void {
  rmSync(folder, { recursive: true, force: true });
}

let compiledHere: string | undefined;

/** The compiled server's folder: the test run's, or one compiled now for this process (removed when it exits). */
function compiledServerDir(): string {
  const given = process.env[TEST_SERVER_BUILD];
  if (given) return given;
  if (!compiledHere) {
    const folder = compileServer();
    compiledHere = folder;
    process.once('exit', () => removeCompiledServer(folder));
  }
  return compiledHere;
}

/**
 * The file that starts one of the server's programs (main: the server; backupMain: backup and
 * restore; mediaMain: the move of images to their files; clusterMain: the cluster;
 * testing/clusterEcho: a stand-in for a cluster's process).
 */
export function compiledEntry(program: 'main' | 'backupMain' | 'mediaMain' | 'adminMain' | 'clusterMain' | 'testing/clusterEcho'): string {
  return join(compiledServerDir(), 'server', `${program}.js`);
}
