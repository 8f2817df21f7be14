import { useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { ArrowDown, ArrowUp, Eye, EyeOff, FolderOpen, Pencil } from 'lucide-react';
import { adminCategoryInputSchema, type AdminCategory, type AdminCategoryInput } from '@core/schemas/admin-catalog.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import { toast } from '@/lib/toast.ts';
import { useChangeAdminCategory, type CategoryChange } from '../api/change-admin-category.ts';
import { useAdminCategories } from '../api/get-admin-categories.ts';

// The API's own schema and messages. /admin/services builds zod while rendering anyway (the service dialog's schema).
const resolver = schemaResolver<AdminCategoryInput>(() => Promise.resolve(adminCategoryInputSchema));

/**
 * A category's name field: checked with the API's schema, sent trimmed by `send`; what the server refuses shows under
 * the field.
 */
function useCategoryNameForm(
  name: string,
  send: (input: AdminCategoryInput, form: UseFormReturn<AdminCategoryInput>) => Promise<unknown>,
  failure: string,
) {
  const form = useForm<AdminCategoryInput>({ resolver, defaultValues: { name } });
  const submit = form.handleSubmit((input) =>
    send(input, form).catch((error: unknown) => form.setError('name', { message: errorMessage(error, failure) })),
  );
  const { errors, isSubmitting } = form.formState;
  return { form, submit, problem: errors.name?.message, isSubmitting };
}

const serviceCount = (n: number) => (n === 1 ? '1 service' : `${n} services`);

/**
 * The categories customers browse (issue 19): add, rename, order and hide. Hiding takes the category and its
 * services off the home screen and catalog at once; bookings already made go on.
 */
export function AdminCategoriesSection() {
  const categories = useAdminCategories();
  const change = useChangeAdminCategory();
  const [renaming, setRenaming] = useState<AdminCategory | null>(null);

  const run = (request: CategoryChange, done: string, onDone?: () => void) =>
    change.mutate(request, {
      onSuccess: () => {
        toast({ title: done });
        onDone?.();
      },
      onError: (error) =>
        toast({ title: "Couldn't save the category", description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    });

  return (
    <section aria-labelledby="admin-categories-heading" className="grid gap-4">
      <h2 id="admin-categories-heading" className="sr-only">
        Categories
      </h2>
      <NewCategoryForm />
      {categories.isPending ? (
        <LoadingState label="Loading categories">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-24 w-full rounded-card" />
          ))}
        </LoadingState>
      ) : categories.isError ? (
        <ErrorState message="We couldn't load the categories." onRetry={() => categories.refetch()} />
      ) : categories.data.length === 0 ? (
        <EmptyState
          icon={<FolderOpen />}
          title="No categories yet"
          description="Add the first one above; customers browse services by category."
        />
      ) : (
        <ol className="grid gap-3" aria-label="Categories in home screen order">
          {categories.data.map((category, index) => (
            <li key={category.id}>
              <Card className="grid gap-3 p-4">
                <div className="flex items-start justify-between gap-3">
                  <div className="grid gap-0.5">
                    <p className="flex flex-wrap items-center gap-2 font-semibold text-neutral-900">
                      {category.name}
                      {category.isHidden && <Badge variant="warning">Hidden</Badge>}
                    </p>
                    <p className="text-sm text-neutral-600">{serviceCount(category.serviceCount)}</p>
                  </div>
                  <div className="flex gap-1">
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Move ${category.name} up`}
                      disabled={index === 0 || change.isPending}
                      onClick={() =>
                        run({ kind: 'move', categoryId: category.id, input: { direction: 'up' } }, `${category.name} moved up`)
                      }
                    >
                      <ArrowUp aria-hidden />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Move ${category.name} down`}
                      disabled={index === categories.data.length - 1 || change.isPending}
                      onClick={() =>
                        run({ kind: 'move', categoryId: category.id, input: { direction: 'down' } }, `${category.name} moved down`)
                      }
                    >
                      <ArrowDown aria-hidden />
                    </Button>
                  </div>
                </div>
                <div className="grid grid-cols-2 gap-2">
                  <Button variant="secondary" onClick={() => setRenaming(category)} aria-label={`Rename ${category.name}`}>
                    <Pencil aria-hidden />
                    Rename
                  </Button>
                  <Button
                    variant="secondary"
                    disabled={change.isPending}
                    aria-label={`${category.isHidden ? 'Show' : 'Hide'} ${category.name}`}
                    onClick={() =>
                      run(
                        { kind: 'update', categoryId: category.id, input: { isHidden: !category.isHidden } },
                        category.isHidden ? `${category.name} is shown to customers` : `${category.name} is hidden from customers`,
                      )
                    }
                  >
                    {category.isHidden ? <Eye aria-hidden /> : <EyeOff aria-hidden />}
                    {category.isHidden ? 'Show' : 'Hide'}
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ol>
      )}
      <RenameCategoryDialog category={renaming} onClose={() => setRenaming(null)} />
    </section>
  );
}

function NewCategoryForm() {
  const change = useChangeAdminCategory();
  const { form, submit, problem, isSubmitting } = useCategoryNameForm(
    '',
    (input, form) =>
      change.mutateAsync({ kind: 'create', input }).then(() => {
        toast({ title: `${input.name} added` });
        form.reset({ name: '' });
      }),
    "Couldn't add the category.",
  );

  return (
    <Card className="p-4">
      <form noValidate onSubmit={submit} className="grid gap-1.5" aria-label="Add a category">
        <Label htmlFor="admin-new-category">New category</Label>
        <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-2">
          <Input
            id="admin-new-category"
            placeholder="e.g. Headlights"
            aria-invalid={problem ? true : undefined}
            aria-describedby="admin-new-category-error"
            {...form.register('name')}
          />
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Adding...' : 'Add category'}
          </Button>
        </div>
        <FieldError id="admin-new-category-error">{problem}</FieldError>
      </form>
    </Card>
  );
}

function RenameCategoryDialog({ category, onClose }: { category: AdminCategory | null; onClose: () => void }) {
  return (
    <Dialog open={category !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{category && <RenameForm key={category.id} category={category} onClose={onClose} />}</DialogContent>
    </Dialog>
  );
}

function RenameForm({ category, onClose }: { category: AdminCategory; onClose: () => void }) {
  const change = useChangeAdminCategory();
  const { form, submit, problem, isSubmitting } = useCategoryNameForm(
    category.name,
    (input) =>
      change.mutateAsync({ kind: 'update', categoryId: category.id, input }).then(() => {
        toast({ title: 'Category renamed' });
        onClose();
      }),
    "Couldn't rename the category.",
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <DialogTitle>Rename category</DialogTitle>
      <DialogDescription>Customers see the new name on the home screen at once.</DialogDescription>
      <div className="grid gap-1.5">
        <Label htmlFor="admin-rename-category">Name</Label>
        <Input
          id="admin-rename-category"
          aria-invalid={problem ? true : undefined}
          aria-describedby="admin-rename-category-error"
          {...form.register('name')}
        />
        <FieldError id="admin-rename-category-error">{problem}</FieldError>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save name'}
        </Button>
      </div>
    </form>
  );
}
