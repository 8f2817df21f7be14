import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The import rules of eslint.config.js, run through ESLint's Node API on deliberate violations:
// the snippets are linted as if they sat at `filePath`, their imports resolve against the real tree.
const root = path.resolve(import.meta.dirname, '../../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });
});

async function importErrors(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId?.startsWith('import-x/'))
    .map((message) => ({ rule: message.ruleId, message: message.message }));
}

describe('import zones', () => {
  it("refuses a feature importing another feature's internals, by alias or relative path", async () => {
    const byAlias = await importErrors(
      "import { DayCalendar } from '@/features/booking/components/day-calendar.tsx';\nexport const used = DayCalendar;\n",
      'client/src/features/admin/pages/deliberate-violation.tsx',
    );
    expect(byAlias).toEqual([{ rule: 'import-x/no-restricted-paths', message: expect.stringContaining("another feature's internals") }]);

    const byRelativePath = await importErrors(
      "import { readPendingBooking } from '../../booking/lib/pending-booking.ts';\nexport const used = readPendingBooking;\n",
      'client/src/features/checkout/pages/deliberate-violation.tsx',
    );
    expect(byRelativePath).toEqual([
      { rule: 'import-x/no-restricted-paths', message: expect.stringContaining("another feature's internals") },
    ]);
  });

  it('lets a feature import its own files, the shared layer and core', async () => {
    const errors = await importErrors(
      [
        "import { DayCalendar } from '../components/day-calendar.tsx';",
        "import { useCurrentUser } from '@/lib/session/get-current-user.ts';",
        "import { BookingStatusBadge } from '@/components/booking/booking-status-badge.tsx';",
        "import { Button } from '@/components/ui/button.tsx';",
        "import { formatUsd } from '@core/domain/money.ts';",
        'export const used = [DayCalendar, useCurrentUser, BookingStatusBadge, Button, formatUsd];',
      ].join('\n'),
      'client/src/features/booking/pages/deliberate-ok.tsx',
    );
    expect(errors).toEqual([]);
  });

  it('keeps the shared layer below features and app, and the client away from the server', async () => {
    expect(
      await importErrors(
        "import { HomePage } from '@/features/home/pages/home-page.tsx';\nexport const used = HomePage;\n",
        'client/src/components/ui/deliberate-violation.tsx',
      ),
    ).toEqual([{ rule: 'import-x/no-restricted-paths', message: expect.stringContaining('shared layer') }]);

    expect(
      await importErrors(
        "import { BookingStatusBadge } from '@/components/booking/booking-status-badge.tsx';\nexport const used = BookingStatusBadge;\n",
        'client/src/components/ui/deliberate-violation.tsx',
      ),
    ).toEqual([{ rule: 'import-x/no-restricted-paths', message: expect.stringContaining('primitives import only') }]);

    expect(
      await importErrors(
        "import { AppShell } from '@/app/shell/app-shell.tsx';\nexport const used = AppShell;\n",
        'client/src/features/home/pages/deliberate-violation.tsx',
      ),
    ).toEqual([{ rule: 'import-x/no-restricted-paths', message: expect.stringContaining('Features sit below app') }]);

    expect(
      await importErrors(
        "import { loadConfig } from '../../../server/config.ts';\nexport const used = loadConfig;\n",
        'client/src/lib/deliberate-violation.ts',
      ),
    ).toContainEqual({ rule: 'import-x/no-restricted-paths', message: expect.stringContaining('never imports the server') });
  });

  // The server's rooms (the seed above them all) are proved in server/room-boundaries.test.ts.
  it('keeps core away from server and client', async () => {
    expect(
      await importErrors(
        "import { cn } from '../../client/src/lib/cn.ts';\nexport const used = cn;\n",
        'core/domain/deliberate-violation.ts',
      ),
    ).toEqual([{ rule: 'import-x/no-restricted-paths', message: expect.stringContaining('core imports only zod') }]);
  });
});

describe('import cycles', () => {
  it('refuses a client module that imports something importing it back', async () => {
    // get-current-user.ts imports api-client.ts; api-client.ts importing it closes a circle.
    const errors = await importErrors(
      "import { currentUserQueryKey } from './session/get-current-user.ts';\nexport const used = currentUserQueryKey;\n",
      'client/src/lib/api-client.ts',
    );
    expect(errors).toEqual([{ rule: 'import-x/no-cycle', message: expect.stringContaining('Dependency cycle') }]);
  });

  it('refuses a cycle on the server too', async () => {
    // server/http/validate.ts is imported by every room's routes; importing a routes file back closes a circle.
    const errors = await importErrors(
      "import { catalogRoutes } from '../catalog/routes.ts';\nexport const used = catalogRoutes;\n",
      'server/http/validate.ts',
    );
    expect(errors).toContainEqual({ rule: 'import-x/no-cycle', message: expect.stringContaining('Dependency cycle') });
  });
});
