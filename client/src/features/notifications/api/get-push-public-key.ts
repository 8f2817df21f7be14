import { apiGet } from '@/lib/api-client.ts';

/** GET /api/push/public-key: the server's VAPID public key, or null when it sends no push. */
export const getPushPublicKey = async () => (await apiGet<{ publicKey: string | null }>('/api/push/public-key')).publicKey;
