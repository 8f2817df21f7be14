import { describe, expect, it } from 'vitest';
import type { Service } from '@core/schemas/catalog.ts';
import { vehicleResponse } from '../../../../../tests/factories/account-responses.ts';
import { bookingResponse } from '../../../../../tests/factories/booking-response.ts';
import { rebookStart } from './rebook.ts';

const customerId = 2;
const wash: Service = {
  id: 1,
  detailerId: 1,
  categoryId: 1,
  name: 'Basic Exterior Wash',
  description: '',
  price: 59,
  priceCents: 5900,
  duration: 45,
  imageUrl: '/images/services/default.svg',
  surcharges: [],
};
const rav4 = vehicleResponse();
const rav4Details = {
  make: 'Toyota',
  model: 'RAV4',
  year: 2021,
  color: 'Blue',
  licensePlate: '8ABC123',
  nickname: 'Blue one',
  vehicleType: 'SUV',
};

const past = bookingResponse({
  id: 41,
  status: 'completed',
  customerId,
  vehicleType: 'SUV',
  vehicleId: rav4.id,
  vehicleDetails: rav4Details,
  notes: 'Please park on the street',
  accessNotes: 'Gate code 2468',
  address: '500 Howard St',
  apt: 'Unit 4',
  city: 'San Francisco',
  zip: '94105',
});

describe('rebookStart', () => {
  it("copies the detailer, service, saved car, place and notes into a step-2 draft priced at today's price, with no day or time", () => {
    const start = rebookStart(past, customerId, [{ ...wash, priceCents: 6900 }], [rav4]);
    expect(start).toEqual({
      kind: 'draft',
      draft: {
        detailerId: 1,
        serviceId: 1,
        vehicleType: 'SUV',
        vehicleId: 31,
        notes: 'Please park on the street',
        address: '500 Howard St',
        apt: 'Unit 4',
        city: 'San Francisco',
        zip: '94105',
        accessNotes: 'Gate code 2468',
        date: null,
        time: null,
        // $69.00 + $15.00 fee + 8% tax, from core's pricing.
        totalAmount: 89.52,
        serviceFee: 15,
        taxAmount: 5.52,
        step: 2,
        rebookOf: 41,
      },
    });
  });

  it("keeps the saved car with its type of today, and falls back to the booked car's type once the car is deleted", () => {
    const repainted = rebookStart(past, customerId, [wash], [{ ...rav4, vehicleType: 'Truck' }]);
    expect(repainted.kind === 'draft' && repainted.draft).toMatchObject({ vehicleId: 31, vehicleType: 'Truck' });

    const deleted = rebookStart(past, customerId, [wash], []);
    expect(deleted.kind === 'draft' && deleted.draft).toMatchObject({ vehicleId: null, vehicleType: 'SUV' });
    // The cars could not be read: the type alone still books.
    const unknown = rebookStart(past, customerId, [wash], null);
    expect(unknown.kind === 'draft' && unknown.draft).toMatchObject({ vehicleId: null, vehicleType: 'SUV' });
  });

  it('books a car-less booking by its type, and leaves empty notes and apartment empty', () => {
    const plain = bookingResponse({ status: 'cancelled', customerId, vehicleType: 'Van', notes: '  ', apt: null, accessNotes: null });
    const start = rebookStart(plain, customerId, [wash], [rav4]);
    expect(start.kind === 'draft' && start.draft).toMatchObject({
      vehicleType: 'Van',
      vehicleId: null,
      notes: null,
      apt: null,
      accessNotes: null,
    });
  });

  it("prefills nothing from a booking that is not the caller's, and says so when the service is no longer offered", () => {
    expect(rebookStart(past, 99, [wash], [rav4])).toEqual({ kind: 'not-yours' });
    expect(rebookStart(past, customerId, [{ ...wash, id: 2 }], [rav4])).toEqual({ kind: 'service-gone' });
  });

  it('leaves the vehicle type to step 1 when the booked one is not a type the form offers', () => {
    const odd = bookingResponse({ customerId, status: 'completed', vehicleType: 'Hovercraft' });
    const start = rebookStart(odd, customerId, [wash], []);
    expect(start.kind === 'draft' && start.draft.vehicleType).toBeNull();
  });
});
