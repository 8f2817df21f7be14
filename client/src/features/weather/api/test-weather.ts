import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ForecastList, SetForecastInput, WeatherRunResult } from '@core/schemas/weather.ts';
import { apiGet, apiRequest } from '@/lib/api-client.ts';

export const testWeatherQueryKey = ['/api/test-weather'] as const;

/** GET /api/test-weather: the built-in provider's forecasts (admin, demo mode; 404 otherwise). */
export function useTestWeather() {
  return useQuery({ queryKey: testWeatherQueryKey, queryFn: () => apiGet<ForecastList>('/api/test-weather'), retry: false });
}

function useForecastMutation<I>(send: (input: I) => Promise<ForecastList>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: (list) => queryClient.setQueryData(testWeatherQueryKey, list) });
}

/** PUT /api/test-weather: one ZIP code's weather for one day. */
export const useSetForecast = () =>
  useForecastMutation((input: SetForecastInput) => apiRequest<ForecastList>('PUT', '/api/test-weather', input));

/** DELETE /api/test-weather/:zip/:date: that day is dry again. */
export const useClearForecast = () =>
  useForecastMutation(({ zip, date }: { zip: string; date: string }) =>
    apiRequest<ForecastList>('DELETE', `/api/test-weather/${zip}/${date}`),
  );

/** POST /api/test-weather/run: one pass of the weather check now. */
export function useRunWeatherCheck() {
  return useMutation({ mutationFn: () => apiRequest<WeatherRunResult>('POST', '/api/test-weather/run') });
}
