// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fetchFromReplies, renderAtPath, stubFetchEachTest } from '../../../../../tests/factories/page-harness.tsx';
import PrivacyPolicyPage from './privacy-policy-page.tsx';
import TermsOfServicePage from './terms-of-service-page.tsx';

stubFetchEachTest(fetchFromReplies(() => ({})));

describe.each([
  { title: 'Privacy Policy', path: '/privacy-policy', Page: PrivacyPolicyPage },
  { title: 'Terms of Service', path: '/terms-of-service', Page: TermsOfServicePage },
])('$title page', ({ title, path, Page }) => {
  it('has one h1, the last-updated date and a table of contents whose links reach their sections', () => {
    renderAtPath(path, <Page />);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([title]);
    expect(screen.getByText('November 23, 2026').getAttribute('datetime')).toBe('2026-11-23');

    const contents = screen.getByRole('navigation', { name: 'On this page' });
    const links = within(contents).getAllByRole('link');
    expect(links.length).toBeGreaterThanOrEqual(8);
    for (const link of links) {
      const href = link.getAttribute('href')!;
      expect(href).toMatch(/^#[a-z-]+$/);
      const section = document.getElementById(href.slice(1));
      expect(section, href).not.toBeNull();
      // The anchor is the section, and the section is named by a heading with the link's words.
      const heading = within(section!).getByRole('heading', { level: 2 });
      expect(heading.textContent).toContain(link.textContent!.replace(/^\d+\./, ''));
      expect(section!.getAttribute('aria-labelledby')).toBe(heading.id);
    }
  });

  it('links its contact section to Help & Support', () => {
    renderAtPath(path, <Page />);
    expect(screen.getByRole('link', { name: 'Go to Help & Support' }).getAttribute('href')).toBe('/help-support');
  });
});

describe('what the documents state', () => {
  it('the privacy policy says what is kept, for how long, and who sees what', () => {
    renderAtPath('/privacy-policy', <PrivacyPolicyPage />);
    const text = document.body.textContent!;
    expect(text).toContain('deleted 24 hours after the job ends');
    expect(text).toContain('Glossly never stores them');
    expect(text).toContain('the detailer sees your name, the job address');
    expect(text).toContain('up to 30 days');
  });

  it("the terms state the app's cancellation and payment rules", () => {
    renderAtPath('/terms-of-service', <TermsOfServicePage />);
    const text = document.body.textContent!;
    expect(text).toContain('Cancelling is free until 24 hours before the start');
    expect(text).toContain('$15.00 service fee');
    expect(text).toContain('held for 15 minutes');
    expect(text).toContain('at least $0.50');
  });
});
