import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { AdminMembershipPlan, PlanFormInput, PlanInput } from '@core/schemas/memberships.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import { toast } from '@/lib/toast.ts';
import { useCatalogCategories, useSavePlan } from '../api/memberships.ts';

/** Create or edit a plan: name, monthly price, included visits, their price limit and categories, discount, perks. */
const resolver = schemaResolver<PlanFormInput, PlanInput>(() =>
  import('@core/schemas/memberships.ts').then((schemas) => schemas.planFormSchema),
);

export function PlanFormDialog({ plan, onClose }: { plan: AdminMembershipPlan | null; onClose: () => void }) {
  const id = useId();
  const categories = useCatalogCategories();
  const save = useSavePlan();
  const form = useForm<PlanFormInput, unknown, PlanInput>({
    resolver,
    defaultValues: {
      name: plan?.name ?? '',
      monthlyPriceCents: plan ? (plan.monthlyPriceCents / 100).toFixed(2) : '',
      includedVisitsPerMonth: String(plan?.includedVisitsPerMonth ?? 1),
      discountBasisPoints: String((plan?.discountBasisPoints ?? 0) / 100),
      coveredPriceLimitCents: plan ? (plan.coveredPriceLimitCents / 100).toFixed(2) : '',
      perks: plan?.perks ?? '',
      categoryIds: plan?.categories.map((c) => c.id) ?? [],
      status: plan?.status ?? 'active',
    },
  });
  const { errors } = form.formState;
  const categoryIds = useWatch({ control: form.control, name: 'categoryIds' }) ?? [];

  const submit = form.handleSubmit((input) =>
    save.mutateAsync({ id: plan?.id ?? null, input }).then(
      () => {
        toast({ title: plan ? 'Plan saved' : 'Plan created' });
        onClose();
      },
      (e: unknown) =>
        form.setError('root', {
          message: e instanceof ApiError ? (e.serverMessage ?? 'Please check the plan.') : errorMessage(e, 'Please try again.'),
        }),
    ),
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>{plan ? `Edit ${plan.name}` : 'New plan'}</DialogTitle>
        <form onSubmit={submit} className="mt-3 grid gap-3" noValidate>
          <FormField id={`${id}-name`} label="Name" error={errors.name?.message}>
            {(control) => <Input {...control} {...form.register('name')} />}
          </FormField>
          <div className="grid grid-cols-3 gap-2">
            <FormField id={`${id}-price`} label="Monthly price ($)" error={errors.monthlyPriceCents?.message}>
              {(control) => <Input {...control} inputMode="decimal" {...form.register('monthlyPriceCents')} />}
            </FormField>
            <FormField id={`${id}-visits`} label="Visits / month" error={errors.includedVisitsPerMonth?.message}>
              {(control) => <Input {...control} inputMode="numeric" {...form.register('includedVisitsPerMonth')} />}
            </FormField>
            <FormField id={`${id}-discount`} label="Discount (%)" error={errors.discountBasisPoints?.message}>
              {(control) => <Input {...control} inputMode="decimal" {...form.register('discountBasisPoints')} />}
            </FormField>
          </div>
          <FormField
            id={`${id}-limit`}
            label="Covers visits up to ($)"
            hint="Detailers set their own prices: a visit costing more, with the car's surcharge, is not covered."
            error={errors.coveredPriceLimitCents?.message}
          >
            {(control) => <Input {...control} inputMode="decimal" {...form.register('coveredPriceLimitCents')} />}
          </FormField>
          <fieldset className="grid gap-1.5">
            <legend className="text-sm font-medium text-neutral-900">Visits cover</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {(categories.data ?? []).map((category) => (
                <label key={category.id} className="flex min-h-11 items-center gap-2 text-sm text-neutral-900">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-600"
                    checked={categoryIds.includes(category.id)}
                    onChange={(e) =>
                      form.setValue(
                        'categoryIds',
                        e.target.checked ? [...categoryIds, category.id] : categoryIds.filter((x) => x !== category.id),
                      )
                    }
                  />
                  {category.name}
                </label>
              ))}
            </div>
          </fieldset>
          <FormField id={`${id}-perks`} label="Perks" error={errors.perks?.message}>
            {(control) => <Textarea {...control} rows={3} {...form.register('perks')} />}
          </FormField>
          <FieldError id={`${id}-error`} role="alert">
            {errors.root?.message ?? errors.categoryIds?.message}
          </FieldError>
          <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
            {plan ? 'Save plan' : 'Create plan'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
