/**
 * The catalog's own queries (services and detailers, each key's first element): a change to a service refetches
 * them in this tab, as the server's catalog cache is cleared for everyone else.
 */
export const catalogQueryKeys = [['/api/services'], ['/api/detailers']] as const;
