// What a detailer's own service may hold (name, price, duration, checklist), apart from its schema
// (core/schemas/own-service.ts) so that the service editor can show the limits without loading zod (issue 13).

export const ownServiceLimits = {
  nameMin: 2,
  nameMax: 80,
  description: 1000,
  priceMinCents: 500,
  priceMaxCents: 500_000,
  durationMin: 15,
  durationMax: 600,
  durationStep: 15,
  checklistItems: 20,
  checklistItem: 80,
  surchargeMaxCents: 50_000,
} as const;
