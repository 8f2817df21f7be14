export const roles = ['customer', 'detailer', 'admin'] as const;

export type Role = (typeof roles)[number];

// Null means signed out; the role flags are false for a signed-out visitor.
export const isCustomer = (role: Role | null): boolean => role === 'customer';
export const isDetailer = (role: Role | null): boolean => role === 'detailer';
export const isAdmin = (role: Role | null): boolean => role === 'admin';
