// How long a detailer's business name and description may be, apart from their schema (core/schemas/onboarding.ts)
// so that the setup page can show the limits without loading zod (issue 13).

export const businessProfileLimits = { nameMin: 2, nameMax: 80, descriptionMin: 20, descriptionMax: 1000 } as const;
