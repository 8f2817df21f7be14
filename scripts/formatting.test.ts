import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';

// One formatter: `npm run lint` ends with `prettier --check .`, so code that is not formatted fails CI.
const root = path.resolve(import.meta.dirname, '..');

describe('the formatter in npm run lint', () => {
  it('is part of the lint script', () => {
    const scripts = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts as Record<string, string>;
    expect(scripts.lint).toMatch(/prettier --check \./);
  });

  it("refuses code not in the house's format and accepts it once formatted", async () => {
    const filepath = path.join(root, 'server/example.ts');
    const options = { ...(await prettier.resolveConfig(filepath)), filepath };
    const unformatted = 'export const total = (a:number,b:number)=>{return a+b}\n';
    expect(await prettier.check(unformatted, options)).toBe(false);
    expect(await prettier.check(await prettier.format(unformatted, options), options)).toBe(true);
  });
});
