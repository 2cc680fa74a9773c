/**
 * `npm run server`'s first start: each build step is one line on the terminal, its output goes to a
 * log under build/, and a failed step names its log and shows how it ends. Run on a copy of the
 * script in a throwaway repository whose webpack, tsc and server are stand-ins that print a lot.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function place(folder: string, path: string, text: string): void {
  mkdirSync(dirname(join(folder, path)), { recursive: true });
  writeFileSync(join(folder, path), text);
}

/** A repository with sources newer than any build; the stand-in webpack fails when told to. */
function repository({ appBuildFails }: { appBuildFails: boolean }): string {
  const folder = mkdtempSync(join(tmpdir(), 'npm-run-server-'));
  folders.push(folder);
  mkdirSync(join(folder, 'scripts'));
  for (const script of ['server.mjs', 'buildForServer.mjs']) copyFileSync(join(__dirname, script), join(folder, 'scripts', script));
  place(folder, 'src/main.tsx', 'export {};');
  place(folder, 'server/main.ts', 'export {};');
  const noisy = 'for (let line = 1; line <= 60; line += 1) console.log(`webpack line ${line}`);';
  place(folder, 'node_modules/webpack/bin/webpack.js', appBuildFails
    ? `${noisy} console.error('ERROR in ./src/main.tsx: it does not compile'); process.exit(2);`
    : `${noisy} require('node:fs').mkdirSync('build/app', { recursive: true }); require('node:fs').writeFileSync('build/app/index.html', 'app');`);
  place(folder, 'node_modules/typescript/bin/tsc', "require('node:fs').mkdirSync('build/server/server', { recursive: true }); require('node:fs').writeFileSync('build/server/server/main.js', 'console.log(\"server started\");');");
  return folder;
}

function npmRunServer(folder: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(folder, 'scripts', 'server.mjs')], { cwd: folder });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run server on a first start', () => {
  it('says in one line per step what it builds, keeps the output in logs, then starts the server', async () => {
    const folder = repository({ appBuildFails: false });
    const { code, stdout, stderr } = await npmRunServer(folder);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout.split('\n')).toEqual([
      expect.stringMatching(/^Building the app for the server \(API_MOCKING=off\) into build\/app \(about a minute\), output in build\/app-build\.log \.\.\. done in \d+ s$/),
      expect.stringMatching(/^Compiling the server into build\/server, output in build\/server-build\.log \.\.\. done in \d+ s$/),
      'server started',
      '',
    ]);
    expect(readFileSync(join(folder, 'build', 'app-build.log'), 'utf8')).toContain('webpack line 60');
  });

  it('stops at a failed build, naming its log and showing how it ends', async () => {
    const folder = repository({ appBuildFails: true });
    const { code, stdout, stderr } = await npmRunServer(folder);
    expect(code).toBe(1);
    expect(stdout).toBe('Building the app for the server (API_MOCKING=off) into build/app (about a minute), output in build/app-build.log ... failed (exit code 2)\n');
    expect(stderr).toMatch(/^The end of build\/app-build\.log:\n\n/);
    expect(stderr).toMatch(/webpack line 60\nERROR in \.\/src\/main\.tsx: it does not compile\n$/);
    // The last lines only: the log keeps the rest.
    expect(stderr).not.toMatch(/webpack line 1\n/);
    expect(readFileSync(join(folder, 'build', 'app-build.log'), 'utf8')).toMatch(/^webpack line 1\n/);
  });
});
