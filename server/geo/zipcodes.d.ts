// The `zipcodes` package ships no types; only the lookup Glossly uses is declared.
declare module 'zipcodes' {
  export type ZipCodeRecord = { zip: string; latitude: number; longitude: number; city: string; state: string; country: string };
  export function lookup(zip: string): ZipCodeRecord | undefined;
  const zipcodes: { lookup: typeof lookup };
  export default zipcodes;
}
