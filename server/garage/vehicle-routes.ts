import type { FastifyInstance } from 'fastify';
import { vehicleIdParamsSchema, vehicleInputSchema, vehicleUpdateSchema } from '@core/schemas/vehicle.ts';
import { parse } from '../http/validate.ts';
import { createVehicle, deleteVehicle, listVehicles, setDefaultVehicle, updateVehicle } from './vehicle-service.ts';

/** A customer's cars, My Cars (decision 019): list, add, edit, delete, make default. */
export async function vehicleRoutes(app: FastifyInstance) {
  const carId = (params: unknown) => parse(vehicleIdParamsSchema, params).id;

  app.get('/api/vehicles', (request) => listVehicles(app.ctx, request.user));

  app.post('/api/vehicles', async (request, reply) => {
    const car = await createVehicle(app.ctx, request.user, app.ctx.clock.now(), parse(vehicleInputSchema, request.body));
    return reply.code(201).send(car);
  });

  app.patch('/api/vehicles/:id', (request) =>
    updateVehicle(app.ctx, request.user, app.ctx.clock.now(), carId(request.params), parse(vehicleUpdateSchema, request.body)),
  );

  app.delete('/api/vehicles/:id', (request) => deleteVehicle(app.ctx, request.user, app.ctx.clock.now(), carId(request.params)));

  app.post('/api/vehicles/:id/default', (request) => setDefaultVehicle(app.ctx, request.user, app.ctx.clock.now(), carId(request.params)));
}
