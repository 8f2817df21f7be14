import type { FastifyInstance } from 'fastify';
import { bookingIdParamsSchema } from '@core/schemas/booking.ts';
import { forecastKeySchema, setForecastSchema, weatherRescheduleSchema } from '@core/schemas/weather.ts';
import { parse } from '../http/validate.ts';
import { requireDemoAdmin } from '../diagnostics/demo-admin.ts';
import { clearForecast, getBookingWeather, listForecasts, runWeatherCheckNow, setForecast, weatherReschedule } from './weather-service.ts';

/** Rain checks (issue 20): a booking's 'Rain expected' panel and its one-tap reschedule; the admins' test page. */
export async function weatherRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/api/bookings/:id/weather', (request) =>
    getBookingWeather(ctx, request.user, ctx.clock.now(), parse(bookingIdParamsSchema, request.params).id),
  );

  app.post('/api/bookings/:id/weather-reschedule', (request) =>
    weatherReschedule(
      ctx,
      request.user,
      ctx.clock.now(),
      parse(bookingIdParamsSchema, request.params).id,
      parse(weatherRescheduleSchema, request.body),
    ),
  );

  // The test page's routes: who is asking is checked before the input (404 with demo mode off, whatever is sent).
  app.get('/api/test-weather', (request) => listForecasts(ctx, request.user));

  app.put('/api/test-weather', (request) => {
    requireDemoAdmin(ctx.config, request.user);
    return setForecast(ctx, request.user, ctx.clock.now(), parse(setForecastSchema, request.body));
  });

  app.delete('/api/test-weather/:zip/:date', (request) => {
    requireDemoAdmin(ctx.config, request.user);
    return clearForecast(ctx, request.user, parse(forecastKeySchema, request.params));
  });

  app.post('/api/test-weather/run', (request) => runWeatherCheckNow(ctx, request.user, ctx.clock.now()));
}
