// The randomised tests (the fuzzer, the ledger property test) draw from the same generator as the demo history.
export { seededRandom } from '@core/domain/seeded-random.ts';
