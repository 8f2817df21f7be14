import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@core/schemas/user.ts';
import { apiGet } from '@/lib/api-client.ts';

export const getUser = (id: number) => apiGet<User>(`/api/users/${id}`);

export const userQueryOptions = (id: number) => queryOptions({ queryKey: ['/api/users', id], queryFn: () => getUser(id) });

/** A user's account record (yourself, or anyone for an admin); runs once the id is known. */
export const useUser = (id: number | undefined) => useQuery({ ...userQueryOptions(id ?? 0), enabled: id !== undefined });
