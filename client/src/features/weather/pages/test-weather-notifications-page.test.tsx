// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fetchFromReplies, renderAtPath, stubFetchEachTest, type Reply } from '../../../../../tests/factories/page-harness.tsx';
import TestWeatherNotificationsPage from './test-weather-notifications-page.tsx';

const emptyList = { entries: [], thresholdPercent: 60, provider: 'builtin' };
let replies: Record<string, Reply> = {};
const fetchMock = fetchFromReplies(() => replies);
stubFetchEachTest(fetchMock);

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const puts = () => (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][]).filter(([, init]) => init?.method === 'PUT');

describe('the weather form', () => {
  it("shows the schema's messages under a bad ZIP code and chance, focuses the ZIP code and sends nothing", async () => {
    replies = { '/api/test-weather': { status: 200, body: emptyList } };
    renderAtPath('/test-weather-notifications', <TestWeatherNotificationsPage />);
    fireEvent.change(await screen.findByLabelText('ZIP code'), { target: { value: '941' } });
    fireEvent.change(field('Chance (%)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set weather' }));
    expect(await screen.findByText('Enter a 5-digit ZIP code')).toBeTruthy();
    expect(screen.getByText('Chance of precipitation must be a number from 0 to 100')).toBeTruthy();
    expect(field('ZIP code').getAttribute('aria-invalid')).toBe('true');
    expect(field('ZIP code').getAttribute('aria-describedby')).toBe('weather-zip-error');
    expect(document.activeElement).toBe(field('ZIP code'));
    expect(puts()).toEqual([]);
  });

  it('sends the weather with the chance as a number', async () => {
    replies = { '/api/test-weather': { status: 200, body: emptyList } };
    renderAtPath('/test-weather-notifications', <TestWeatherNotificationsPage />);
    fireEvent.change(await screen.findByLabelText('ZIP code'), { target: { value: '94103' } });
    fireEvent.change(field('Day'), { target: { value: '2030-05-02' } });
    fireEvent.change(field('Chance (%)'), { target: { value: '70' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set weather' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(JSON.parse(puts()[0]![1]!.body as string)).toEqual({
      zip: '94103',
      date: '2030-05-02',
      condition: 'rain',
      precipitationChance: 70,
    });
  });
});
