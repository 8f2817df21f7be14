import type { SavedAddress } from '@core/schemas/address.ts';
import type { User } from '@core/schemas/user.ts';
import type { Vehicle } from '@core/schemas/vehicle.ts';

/**
 * The signed-in user as GET /api/auth/user answers it, for the client's jsdom tests: Sam Carter, the customer of
 * `bookingResponse` (id 2). `overrides` make another one (`{ id: 5, role: 'detailer', detailerId: 1 }`).
 */
export function userResponse(overrides: Partial<User> = {}): User {
  return {
    id: 2,
    email: 'sam@example.com',
    role: 'customer',
    name: 'Sam Carter',
    username: 'sam',
    referralCredits: '0.00',
    detailerId: null,
    phone: null,
    avatarUrl: null,
    ...overrides,
  };
}

/** A saved place as GET /api/addresses answers it: Home, the default, at the address of `bookingResponse`. */
export const homeAddress: SavedAddress = {
  id: 1,
  label: 'Home',
  address: '1 Market St',
  apt: 'Unit 4',
  city: 'San Francisco',
  zip: '94105',
  accessNotes: 'Gate code 4412',
  latitude: 37.79,
  longitude: -122.4,
  isDefault: true,
  createdAt: '2099-01-01T10:00:00.000Z',
};

/** A second saved place, Work: no apartment, no access notes, not the default. */
export const workAddress: SavedAddress = {
  ...homeAddress,
  id: 2,
  label: 'Work',
  address: '500 Terry A Francois Blvd',
  apt: '',
  zip: '94158',
  accessNotes: '',
  isDefault: false,
};

/** A car in the garage as GET /api/vehicles answers it: the customer's default, a blue Toyota RAV4 (an SUV). */
export function vehicleResponse(overrides: Partial<Vehicle> = {}): Vehicle {
  return {
    id: 31,
    make: 'Toyota',
    model: 'RAV4',
    year: 2021,
    color: 'Blue',
    licensePlate: '8ABC123',
    vehicleType: 'SUV',
    nickname: 'Blue one',
    photoUploadId: null,
    photoUrl: null,
    isDefault: true,
    createdAt: '2098-01-01T00:00:00.000Z',
    ...overrides,
  };
}
