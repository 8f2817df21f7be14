import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { UnavailableError } from '../startup.ts';

// Apart from the database client so that start-up's cheap checks (main.ts) run it before PGlite and the app load.

/**
 * Makes `dir` and its missing parents one by one. Node's own recursive mkdir loops for ever where mkdir answers
 * ENOENT under a parent that exists (/proc/x): start-up hung instead of saying why.
 */
function makeFolders(dir: string): void {
  const parent = path.dirname(dir);
  if (parent !== dir && !existsSync(parent)) makeFolders(parent);
  try {
    mkdirSync(dir);
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
  }
}

/**
 * Creates the data folder and proves it takes a file (written and removed), or says in a few words why it cannot
 * be one. Permission bits are not enough: root passes every access check, even on a folder that refuses files.
 */
export function prepareDataDir(dataDir: string): void {
  try {
    makeFolders(path.resolve(dataDir));
    if (!statSync(dataDir).isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
    const probe = path.join(dataDir, `.write-probe-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'EEXIST' || code === 'ENOTDIR') {
      let isFile = false;
      try {
        isFile = statSync(dataDir).isFile();
      } catch {
        // A parent is the file.
      }
      throw new UnavailableError('pglite', isFile ? 'is a file, not a folder' : 'is inside a file, not a folder', { cause: error });
    }
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) {
      throw new UnavailableError('pglite', `is not a folder this process can write to (${code})`, { cause: error });
    }
    throw error;
  }
}
