import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCategory, AdminCategoryInput, AdminCategoryUpdate, CategoryMove } from '@core/schemas/admin-catalog.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { adminCategoriesQueryKey, publicCatalogQueryKeys } from './get-admin-categories.ts';

/** What the categories section asks the server; each answers the whole list in its new order. */
export type CategoryChange =
  | { kind: 'create'; input: AdminCategoryInput }
  | { kind: 'update'; categoryId: number; input: AdminCategoryUpdate }
  | { kind: 'move'; categoryId: number; input: CategoryMove };

/** POST /api/admin/categories, PATCH /api/admin/categories/:id and POST /api/admin/categories/:id/move. */
export function changeAdminCategory(change: CategoryChange): Promise<AdminCategory[]> {
  switch (change.kind) {
    case 'create':
      return apiRequest<AdminCategory[]>('POST', '/api/admin/categories', change.input);
    case 'update':
      return apiRequest<AdminCategory[]>('PATCH', `/api/admin/categories/${change.categoryId}`, change.input);
    case 'move':
      return apiRequest<AdminCategory[]>('POST', `/api/admin/categories/${change.categoryId}/move`, change.input);
    default: {
      const unknown: never = change;
      return unknown;
    }
  }
}

export function useChangeAdminCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAdminCategory,
    onSuccess: (categories) => queryClient.setQueryData(adminCategoriesQueryKey, categories),
    onSettled: () =>
      Promise.all(
        [adminCategoriesQueryKey, ['admin', 'services'], ...publicCatalogQueryKeys].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
