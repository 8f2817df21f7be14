// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminMenu } from './admin-menu.tsx';

afterEach(cleanup);

function renderAt(path: string) {
  render(
    <Router hook={memoryLocation({ path }).hook}>
      <AdminMenu />
    </Router>,
  );
  return within(screen.getByRole('navigation', { name: 'Admin menu' }));
}

describe('AdminMenu', () => {
  it('links every admin page, in order', () => {
    const menu = renderAt('/admin');
    expect(menu.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Overview', '/admin'],
      ['Users', '/admin/users'],
      ['Services', '/admin/services'],
      ['Bookings', '/admin/bookings'],
      ['Messages', '/admin/messages'],
      ['Documents', '/admin/documents'],
      ['Notifications', '/admin/notifications'],
      ['Marketing', '/admin/marketing'],
      ['Plans', '/admin/subscription-plans'],
      ['Settings', '/admin/settings'],
    ]);
  });

  it('marks the current page, and the section of a page below it; Overview only on /admin itself', () => {
    let menu = renderAt('/admin/bookings');
    expect(menu.getByRole('link', { name: 'Bookings' }).getAttribute('aria-current')).toBe('page');
    expect(menu.getAllByRole('link').filter((link) => link.hasAttribute('aria-current'))).toHaveLength(1);
    cleanup();

    menu = renderAt('/admin/marketing/campaigns/new');
    expect(menu.getByRole('link', { name: 'Marketing' }).getAttribute('aria-current')).toBe('true');
    expect(menu.getByRole('link', { name: 'Overview' }).hasAttribute('aria-current')).toBe(false);
    cleanup();

    menu = renderAt('/admin');
    expect(menu.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    expect(menu.getAllByRole('link').filter((link) => link.hasAttribute('aria-current'))).toHaveLength(1);
  });
});
