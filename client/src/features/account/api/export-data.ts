/** GET /api/account/export: a JSON attachment (glossly-data-{date}.json), downloaded by the browser through a plain link. */
export const exportDataUrl = '/api/account/export';
