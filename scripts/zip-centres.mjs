// Writes server/geo/zip-centres.json, the offline geocoder's table, from the `zipcodes` package (a dev dependency):
// every US ZIP code as a number, ascending (`zips`), and its centre at the same index in `centres` (latitude and
// longitude, two numbers each). The package is a 5 MB JavaScript object whose loading held the server's event loop
// for over a second at the first booking after a start; two arrays of numbers parse in a few milliseconds. `npm run zip-centres` writes it again after `zipcodes` is updated;
// tests/integration/geo-zip-centres.test.ts fails while the two differ.
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const zipCentresPath = fileURLToPath(new URL('../server/geo/zip-centres.json', import.meta.url));

/** Every US ZIP code of the package with its centre, in the table's form. */
export function zipCentresFromPackage() {
  const { codes } = createRequire(import.meta.url)('zipcodes');
  const places = Object.values(codes)
    .filter((place) => place.country === 'US' && /^\d{5}$/.test(place.zip))
    .sort((a, b) => Number(a.zip) - Number(b.zip));
  return { zips: places.map((place) => Number(place.zip)), centres: places.flatMap((place) => [place.latitude, place.longitude]) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const table = zipCentresFromPackage();
  await writeFile(zipCentresPath, `${JSON.stringify(table)}\n`);
  console.log(`zip-centres: ${table.zips.length} ZIP codes written to ${zipCentresPath}`);
}
