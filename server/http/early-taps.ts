import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The script a drawn page carries inline, and its CSP hash source ('sha256-…'), which allows that text alone. */
export type InlineScript = { element: string; hashSource: string };

/**
 * The recorder of taps made before the app is live (client/public/early-taps.js, decision 052), from the build the
 * server serves, as the element every drawn page puts in its head. Inline, it runs before the first control is
 * parsed and costs no request; the CSP allows it by its hash, so no other inline script runs (decision 004). Its
 * comment lines are left out: they would travel with every page. Null without a built client.
 */
export function loadEarlyTapRecorder(clientDir: string | undefined): InlineScript | null {
  const file = clientDir && path.join(clientDir, 'early-taps.js');
  if (!file || !existsSync(file)) return null;
  const code = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('//') && !/^\/\*.*\*\/$/.test(line))
    .join('\n');
  return { element: `<script>${code}</script>`, hashSource: `'sha256-${createHash('sha256').update(code).digest('base64')}'` };
}
