import { useId, useState, type FormEvent } from 'react';
import type { AdminMembershipPlan, PlanInput } from '@core/schemas/memberships.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useCatalogCategories, useSavePlan } from '../api/memberships.ts';

/** Create or edit a plan: name, monthly price, included visits, their price limit and categories, discount, perks. */
export function PlanFormDialog({ plan, onClose }: { plan: AdminMembershipPlan | null; onClose: () => void }) {
  const id = useId();
  const categories = useCatalogCategories();
  const save = useSavePlan();
  const [values, setValues] = useState({
    name: plan?.name ?? '',
    price: plan ? (plan.monthlyPriceCents / 100).toFixed(2) : '',
    visits: String(plan?.includedVisitsPerMonth ?? 1),
    discount: String((plan?.discountBasisPoints ?? 0) / 100),
    limit: plan ? (plan.coveredPriceLimitCents / 100).toFixed(2) : '',
    perks: plan?.perks ?? '',
  });
  const [categoryIds, setCategoryIds] = useState<number[]>(plan?.categories.map((c) => c.id) ?? []);
  const [error, setError] = useState<string | null>(null);
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input: PlanInput = {
      name: values.name,
      monthlyPriceCents: Math.round(Number(values.price) * 100),
      includedVisitsPerMonth: Number(values.visits),
      discountBasisPoints: Math.round(Number(values.discount) * 100),
      coveredPriceLimitCents: Math.round(Number(values.limit) * 100),
      perks: values.perks,
      categoryIds,
      status: plan?.status ?? 'active',
    };
    save.mutate(
      { id: plan?.id ?? null, input },
      {
        onSuccess: () => {
          toast({ title: plan ? 'Plan saved' : 'Plan created' });
          onClose();
        },
        onError: (e) => setError(e instanceof ApiError ? (e.serverMessage ?? 'Please check the plan.') : errorMessage(e, 'Please try again.')),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>{plan ? `Edit ${plan.name}` : 'New plan'}</DialogTitle>
        <form onSubmit={submit} className="mt-3 grid gap-3" noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-name`}>Name</Label>
            <Input id={`${id}-name`} value={values.name} onChange={set('name')} required />
          </div>
          <div className="grid grid-cols-3 gap-2">
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-price`}>Monthly price ($)</Label>
              <Input id={`${id}-price`} inputMode="decimal" value={values.price} onChange={set('price')} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-visits`}>Visits / month</Label>
              <Input id={`${id}-visits`} inputMode="numeric" value={values.visits} onChange={set('visits')} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-discount`}>Discount (%)</Label>
              <Input id={`${id}-discount`} inputMode="decimal" value={values.discount} onChange={set('discount')} />
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-limit`}>Covers visits up to ($)</Label>
            <Input id={`${id}-limit`} inputMode="decimal" value={values.limit} onChange={set('limit')} aria-describedby={`${id}-limit-hint`} />
            <p id={`${id}-limit-hint`} className="text-xs text-neutral-600">
              Detailers set their own prices: a visit costing more, with the car&apos;s surcharge, is not covered.
            </p>
          </div>
          <fieldset className="grid gap-1.5">
            <legend className="text-sm font-medium text-neutral-900">Visits cover</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {(categories.data ?? []).map((category) => (
                <label key={category.id} className="flex min-h-11 items-center gap-2 text-sm text-neutral-900">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-600"
                    checked={categoryIds.includes(category.id)}
                    onChange={(e) => setCategoryIds((ids) => (e.target.checked ? [...ids, category.id] : ids.filter((x) => x !== category.id)))}
                  />
                  {category.name}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-perks`}>Perks</Label>
            <Textarea id={`${id}-perks`} value={values.perks} onChange={set('perks')} rows={3} />
          </div>
          {error && (
            <p role="alert" className="text-sm text-danger-700">
              {error}
            </p>
          )}
          <Button type="submit" size="lg" disabled={save.isPending}>
            {plan ? 'Save plan' : 'Create plan'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
