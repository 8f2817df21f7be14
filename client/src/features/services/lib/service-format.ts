import { formatUsd } from '@core/domain/money.ts';
import type { VehicleSurcharge } from '@core/schemas/catalog.ts';

/** 45 -> '45 min', 120 -> '2 h', 135 -> '2 h 15 min'. */
export function durationLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** 'SUV +$15.00 · Van +$20.00', or null without any surcharge. */
export function surchargesSummary(surcharges: readonly VehicleSurcharge[]): string | null {
  const kept = surcharges.filter((s) => s.surchargeCents > 0);
  if (kept.length === 0) return null;
  return kept.map((s) => `${s.vehicleType} +${formatUsd(s.surchargeCents)}`).join(' · ');
}

/** Cents as the dollars a money field shows: 5900 -> '59.00', 0 -> '' when `zeroAsEmpty` (no surcharge). */
export function centsToDollarText(cents: number | undefined, zeroAsEmpty = false): string {
  if (cents === undefined || Number.isNaN(cents) || (zeroAsEmpty && cents === 0)) return '';
  return (cents / 100).toFixed(2);
}

/**
 * Dollars as typed ('59', '$1,250.5') to cents for the shared schema: whole cents rounded (19.99 * 100 is not exact in
 * floating point), anything finer left fractional so the schema says 'whole cents'; `empty` when nothing was typed.
 */
export function dollarTextToCents(text: string, empty: number): number {
  const clean = text.replace(/[$,\s]/g, '');
  if (clean === '') return empty;
  if (!/^\d*\.?\d*$/.test(clean)) return Number.NaN;
  const dollars = Number(clean);
  const cents = Math.round(dollars * 100);
  return Math.abs(dollars * 100 - cents) < 1e-6 ? cents : dollars * 100;
}

/** Said while a new business waits for an admin: its services are saved, and customers can book them after approval. */
export const awaitingApprovalText = 'Customers can book it once an admin approves your business.';

/** The toast after saving a new service: customers can book it now only when the server says it is bookable. */
export function serviceAddedDescription(service: { name: string; bookable: boolean }): string {
  return service.bookable ? `${service.name} is listed: customers can book it now.` : `${service.name} is saved. ${awaitingApprovalText}`;
}

/** The toast after resuming a service, as true for a business still waiting for its approval. */
export function serviceResumedDescription(service: { name: string; bookable: boolean }): string {
  return service.bookable ? `Customers can book ${service.name} again.` : `${service.name} is resumed. ${awaitingApprovalText}`;
}
