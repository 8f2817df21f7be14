// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ListPage } from './list-page.tsx';

afterEach(cleanup);

describe('ListPage', () => {
  it('is a region named by its h1, with the action beside the title and the list under it', () => {
    render(
      <ListPage title="My Cars" action={<button type="button">Add a car</button>}>
        <ul aria-label="Cars" />
      </ListPage>,
    );
    const page = screen.getByRole('region', { name: 'My Cars' });
    expect(screen.getByRole('heading', { level: 1, name: 'My Cars' }).nextElementSibling).toBe(
      screen.getByRole('button', { name: 'Add a car' }),
    );
    expect(page.lastElementChild).toBe(screen.getByRole('list', { name: 'Cars' }));
  });
});
