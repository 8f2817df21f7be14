import type { Page } from '@playwright/test';
import { expect, signUp, test } from './fixtures.ts';
import { bookWithGlossBoss, giveUnreadNotification, idsFor, openAndSettle, signInForSweep, sweepUrls } from './route-sweep.ts';

// Every route at 320x640 (the narrowest phone the product fits), as each role: a page fails when it scrolls sideways
// or when an element reaches past the screen's edge (one a scrolling row or a clipping box holds is not counted).

test.use({ viewport: { width: 320, height: 640 } });

/** What sticks out: the page's own sideways scroll, and each element past the edge that nothing clips, by its tag and text. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX !== 'visible' || style.position === 'fixed') return true;
      }
      return false;
    };
    const wide = [...document.body.querySelectorAll('*')].filter((element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(element).position === 'fixed') return false;
      // Past the right edge is what scrolls sideways (what sits left of 0 cannot be scrolled to: a screen reader's
      // announcement kept out of sight is there).
      return (box.right > width + 0.5 || box.width > width + 0.5) && !clipped(element);
    });
    // The outermost of each: a row too wide, not every child inside it.
    const outermost = wide.filter((element) => !wide.some((other) => other !== element && other.contains(element)));
    return {
      scrollsSideways: root.scrollWidth > width,
      scrollWidth: root.scrollWidth,
      wide: outermost.slice(0, 3).map((element) => `<${element.tagName.toLowerCase()}> '${(element.textContent ?? '').trim().slice(0, 40)}' ${Math.round(element.getBoundingClientRect().right)}px`),
    };
  });
}

for (const role of ['customer', 'detailer', 'new detailer', 'admin'] as const) {
  test(`[${role.toUpperCase()}] every route fits a 320 px phone`, async ({ page, browser, consoleErrors }) => {
    test.setTimeout(600_000);
    const adminContext = await browser.newContext();
    try {
      await signInForSweep(adminContext.request, 'admin');
      const email = await signInForSweep(page.request, role);
      await giveUnreadNotification(adminContext.request, email);
      // A customer's new request on the demo detailer's dashboard; for the customer, a booking to pay at /checkout.
      const otherCustomer = await browser.newContext();
      await signUp(otherCustomer.request, 'Sweep Customer');
      await bookWithGlossBoss(otherCustomer.request, true);
      await otherCustomer.close();
      const unpaidBookingId = role === 'customer' ? await bookWithGlossBoss(page.request, false) : undefined;
      const urls = sweepUrls({ ...(await idsFor(page.request, adminContext.request)), unpaidBookingId });
      const problems: string[] = [];
      for (const url of urls) {
        await openAndSettle(page, url);
        const where = `${url} (${new URL(page.url()).pathname})`;
        const seen = await overflow(page);
        if (seen.scrollsSideways) problems.push(`${where}: scrolls sideways (${seen.scrollWidth}px wide)`);
        for (const element of seen.wide) problems.push(`${where}: ${element} past the 320 px edge`);
        // Console errors are the role sweep's to report; here only the width counts.
        consoleErrors.splice(0);
      }
      expect(problems).toEqual([]);
    } finally {
      await adminContext.close();
    }
  });
}
