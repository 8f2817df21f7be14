import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildWithoutTheApp } from '../../bench/lighthouse.ts';

// The bench's floor (decision 032): a copy of the build whose drawn pages start no app. If the copy kept any of
// start-app.js's code, or a compressed copy the server would prefer, the floor would measure the app after all.
describe('the build without the app', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('empties start-app.js, drops its compressed copies and keeps every other file as it was', async () => {
    const build = mkdtempSync(path.join(tmpdir(), 'glossly-floor-build-'));
    const floor = `${build}-floor`;
    dirs.push(build, floor);
    mkdirSync(path.join(build, 'assets'));
    writeFileSync(path.join(build, 'start-app.js'), 'import("/assets/client.js");');
    writeFileSync(path.join(build, 'start-app.js.br'), 'brotli');
    writeFileSync(path.join(build, 'start-app.js.gz'), 'gzip');
    writeFileSync(path.join(build, 'index.html'), '<div id="root"></div>');
    writeFileSync(path.join(build, 'assets/client.js'), 'console.log(1)');

    await buildWithoutTheApp(build, floor);

    const script = readFileSync(path.join(floor, 'start-app.js'), 'utf8');
    expect(script.split('\n').filter((line) => line.trim() && !line.trim().startsWith('//'))).toEqual([]);
    expect(existsSync(path.join(floor, 'start-app.js.br'))).toBe(false);
    expect(existsSync(path.join(floor, 'start-app.js.gz'))).toBe(false);
    expect(readFileSync(path.join(floor, 'index.html'), 'utf8')).toBe('<div id="root"></div>');
    expect(readFileSync(path.join(floor, 'assets/client.js'), 'utf8')).toBe('console.log(1)');
    // The build itself is untouched: the bench's own table was measured on it.
    expect(readFileSync(path.join(build, 'start-app.js'), 'utf8')).toBe('import("/assets/client.js");');
  });
});
