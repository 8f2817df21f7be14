import type { VehicleType } from '../schemas/booking.ts';

/**
 * Common makes and models on US roads, each with the vehicle type a booking asks for: the suggestions of the My
 * Cars form (decision 019). A suggestion only: a customer may type any make and model, and choose the type.
 */
export type VehicleModel = { model: string; vehicleType: VehicleType };
export type VehicleMake = { make: string; models: readonly VehicleModel[] };

const sedan = (...models: string[]) => models.map((model): VehicleModel => ({ model, vehicleType: 'Sedan' }));
const suv = (...models: string[]) => models.map((model): VehicleModel => ({ model, vehicleType: 'SUV' }));
const truck = (...models: string[]) => models.map((model): VehicleModel => ({ model, vehicleType: 'Truck' }));
const van = (...models: string[]) => models.map((model): VehicleModel => ({ model, vehicleType: 'Van' }));
const sports = (...models: string[]) => models.map((model): VehicleModel => ({ model, vehicleType: 'Luxury/Sports' }));

export const vehicleMakes: readonly VehicleMake[] = [
  { make: 'Acura', models: [...sedan('Integra', 'TLX'), ...suv('MDX', 'RDX'), ...sports('NSX')] },
  { make: 'Audi', models: [...sedan('A3', 'A4', 'A6'), ...suv('Q3', 'Q5', 'Q7', 'e-tron'), ...sports('R8', 'RS 5')] },
  {
    make: 'BMW',
    models: [...sedan('3 Series', '5 Series', 'i4'), ...suv('X1', 'X3', 'X5', 'X7'), ...sports('M3', 'M4', 'Z4', '7 Series')],
  },
  { make: 'Buick', models: [...suv('Enclave', 'Encore GX', 'Envision')] },
  { make: 'Cadillac', models: [...sedan('CT4', 'CT5'), ...suv('Escalade', 'XT4', 'XT5', 'Lyriq')] },
  {
    make: 'Chevrolet',
    models: [
      ...sedan('Malibu', 'Bolt EV'),
      ...suv('Equinox', 'Tahoe', 'Suburban', 'Traverse', 'Trax', 'Blazer'),
      ...truck('Silverado 1500', 'Silverado 2500HD', 'Colorado'),
      ...van('Express'),
      ...sports('Corvette', 'Camaro'),
    ],
  },
  { make: 'Chrysler', models: [...sedan('300'), ...van('Pacifica', 'Voyager')] },
  { make: 'Dodge', models: [...sedan('Charger'), ...suv('Durango', 'Hornet'), ...sports('Challenger', 'Viper')] },
  {
    make: 'Ford',
    models: [
      ...sedan('Fusion'),
      ...suv('Escape', 'Explorer', 'Expedition', 'Bronco', 'Bronco Sport', 'Edge', 'Mustang Mach-E'),
      ...truck('F-150', 'F-250 Super Duty', 'Ranger', 'Maverick', 'F-150 Lightning'),
      ...van('Transit', 'Transit Connect'),
      ...sports('Mustang', 'GT'),
    ],
  },
  { make: 'Genesis', models: [...sedan('G70', 'G80'), ...suv('GV70', 'GV80'), ...sports('G90')] },
  {
    make: 'GMC',
    models: [
      ...suv('Acadia', 'Terrain', 'Yukon', 'Hummer EV SUV'),
      ...truck('Sierra 1500', 'Sierra 2500HD', 'Canyon', 'Hummer EV Pickup'),
      ...van('Savana'),
    ],
  },
  {
    make: 'Honda',
    models: [
      ...sedan('Civic', 'Accord', 'Insight'),
      ...suv('CR-V', 'HR-V', 'Pilot', 'Passport', 'Prologue'),
      ...truck('Ridgeline'),
      ...van('Odyssey'),
    ],
  },
  {
    make: 'Hyundai',
    models: [...sedan('Elantra', 'Sonata', 'Ioniq 6'), ...suv('Tucson', 'Santa Fe', 'Palisade', 'Kona', 'Ioniq 5'), ...truck('Santa Cruz')],
  },
  { make: 'Infiniti', models: [...sedan('Q50'), ...suv('QX50', 'QX60', 'QX80')] },
  { make: 'Jaguar', models: [...suv('F-Pace', 'I-Pace'), ...sports('F-Type', 'XF')] },
  {
    make: 'Jeep',
    models: [...suv('Wrangler', 'Grand Cherokee', 'Cherokee', 'Compass', 'Renegade', 'Wagoneer', 'Grand Wagoneer'), ...truck('Gladiator')],
  },
  {
    make: 'Kia',
    models: [
      ...sedan('Forte', 'K5'),
      ...suv('Sorento', 'Sportage', 'Telluride', 'Soul', 'Seltos', 'EV6', 'EV9'),
      ...van('Carnival'),
      ...sports('Stinger'),
    ],
  },
  { make: 'Land Rover', models: [...suv('Defender', 'Discovery', 'Range Rover', 'Range Rover Sport', 'Range Rover Evoque')] },
  { make: 'Lexus', models: [...sedan('ES', 'IS'), ...suv('RX', 'NX', 'GX', 'LX', 'UX'), ...sports('LS', 'LC', 'RC')] },
  { make: 'Lincoln', models: [...suv('Navigator', 'Aviator', 'Corsair', 'Nautilus')] },
  { make: 'Mazda', models: [...sedan('Mazda3', 'Mazda6'), ...suv('CX-30', 'CX-5', 'CX-50', 'CX-90'), ...sports('MX-5 Miata')] },
  {
    make: 'Mercedes-Benz',
    models: [
      ...sedan('C-Class', 'E-Class', 'A-Class'),
      ...suv('GLA', 'GLC', 'GLE', 'GLS', 'G-Class'),
      ...van('Sprinter', 'Metris'),
      ...sports('S-Class', 'AMG GT', 'SL'),
    ],
  },
  { make: 'Mitsubishi', models: [...sedan('Mirage'), ...suv('Outlander', 'Eclipse Cross', 'Outlander Sport')] },
  {
    make: 'Nissan',
    models: [
      ...sedan('Altima', 'Sentra', 'Versa', 'Leaf'),
      ...suv('Rogue', 'Pathfinder', 'Murano', 'Kicks', 'Armada', 'Ariya'),
      ...truck('Frontier', 'Titan'),
      ...van('NV200'),
      ...sports('Z', 'GT-R'),
    ],
  },
  { make: 'Porsche', models: [...suv('Cayenne', 'Macan'), ...sports('911', 'Taycan', 'Panamera', '718 Cayman', '718 Boxster')] },
  { make: 'Ram', models: [...truck('1500', '2500', '3500'), ...van('ProMaster', 'ProMaster City')] },
  {
    make: 'Subaru',
    models: [...sedan('Impreza', 'Legacy'), ...suv('Outback', 'Forester', 'Crosstrek', 'Ascent', 'Solterra'), ...sports('WRX', 'BRZ')],
  },
  { make: 'Tesla', models: [...sedan('Model 3'), ...suv('Model Y', 'Model X'), ...truck('Cybertruck'), ...sports('Model S')] },
  {
    make: 'Toyota',
    models: [
      ...sedan('Camry', 'Corolla', 'Prius', 'Crown'),
      ...suv('RAV4', 'Highlander', 'Grand Highlander', '4Runner', 'Sequoia', 'Land Cruiser', 'Corolla Cross', 'Venza'),
      ...truck('Tacoma', 'Tundra'),
      ...van('Sienna'),
      ...sports('GR86', 'Supra'),
    ],
  },
  {
    make: 'Volkswagen',
    models: [
      ...sedan('Jetta', 'Passat', 'Golf'),
      ...suv('Tiguan', 'Atlas', 'Atlas Cross Sport', 'Taos', 'ID.4'),
      ...van('ID. Buzz'),
      ...sports('Golf GTI', 'Golf R'),
    ],
  },
  { make: 'Volvo', models: [...sedan('S60', 'S90'), ...suv('XC40', 'XC60', 'XC90', 'EX30')] },
];

const normalise = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, ' ');

/** The makes, A to Z, for a make field's suggestions. */
export const vehicleMakeNames: readonly string[] = vehicleMakes.map((entry) => entry.make);

/** The models of a make (case and spacing ignored), for the model field's suggestions; none for an unknown make. */
export function modelsOfMake(make: string): readonly VehicleModel[] {
  const wanted = normalise(make);
  return vehicleMakes.find((entry) => normalise(entry.make) === wanted)?.models ?? [];
}

/**
 * The vehicle type of a known make and model ('Toyota', 'rav4' -> 'SUV'); case, spaces and hyphens do not matter.
 * Null for a car the list does not know: the customer then chooses the type.
 */
export function vehicleTypeOf(make: string, model: string): VehicleType | null {
  const wanted = normalise(model);
  return modelsOfMake(make).find((entry) => normalise(entry.model) === wanted)?.vehicleType ?? null;
}
