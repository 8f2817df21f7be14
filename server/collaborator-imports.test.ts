import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The collaborators rule of eslint.config.js (decision 013, issue 39), run through ESLint's Node API on snippets
// linted as if they sat at `filePath`.
const root = path.resolve(import.meta.dirname, '..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });
});

async function collaboratorErrors(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.message);
}

const buildsGeocoder = "import { createGeocoder } from '../geo/geocoder.ts';\nexport const used = createGeocoder;\n";

describe('collaborators are built only in buildApp', () => {
  it("refuses a room importing a collaborator's factory", async () => {
    expect(await collaboratorErrors(buildsGeocoder, 'server/bookings/deliberate-violation.ts')).toEqual([
      expect.stringContaining('built once in buildApp'),
    ]);
    const storage = "import { createObjectStorage } from '../storage/object-storage.ts';\nexport const used = createObjectStorage;\n";
    expect(await collaboratorErrors(storage, 'server/uploads/deliberate-violation.ts')).toHaveLength(1);
  });

  it('lets a room import the collaborator types and helpers, and the seed build its own context', async () => {
    const helpers =
      "import { locateZipOrRefuse, type Geocoder } from '../geo/geocoder.ts';\nexport const used: [typeof locateZipOrRefuse, Geocoder?] = [locateZipOrRefuse];\n";
    expect(await collaboratorErrors(helpers, 'server/bookings/deliberate-violation.ts')).toEqual([]);
    expect(await collaboratorErrors(buildsGeocoder, 'server/seed/deliberate-violation.ts')).toEqual([]);
  });
});
