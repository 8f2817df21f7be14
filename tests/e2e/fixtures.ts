import { test as base, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** Every page fails its test on an unexpected console error or uncaught exception. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        // A 401 from /api/auth/user is how a signed-out visitor is recognised, not a failure.
        if (message.type() === 'error' && !message.text().includes('401')) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** WCAG 2.2 AA violations on the current page. */
export async function accessibilityViolations(page: import('@playwright/test').Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
