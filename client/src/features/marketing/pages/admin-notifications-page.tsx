import { BellRing } from 'lucide-react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import {
  adminNotificationFormSchema,
  type AdminNotificationFormOutput,
  type AdminNotificationFormValues,
} from '@core/schemas/marketing.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import { toast } from '@/lib/toast.ts';
import { useAdminNotifications, useAudiences, useSendAdminNotification } from '../api/marketing-api.ts';
import { AudienceSelect } from '../components/audience-select.tsx';
import { FormField, NativeSelect } from '../components/form-field.tsx';

const empty: AdminNotificationFormValues = { to: 'user', email: '', audienceId: '', title: '', message: '' };
const fieldNames = ['email', 'audienceId', 'title', 'message'] as const;

// The schema comes with the page (no import()): the other marketing pages import its module, and a module both
// imported and loaded with import() can lose its entry in the build (glossly:route-preloads).
const schemaResolve = schemaResolver<AdminNotificationFormValues, AdminNotificationFormOutput>(() =>
  Promise.resolve(adminNotificationFormSchema),
);
// The API names the missing target 'email'; sending to an audience, the admin is missing the audience.
const resolver: Resolver<AdminNotificationFormValues, unknown, AdminNotificationFormOutput> = async (values, context, options) => {
  const result = await schemaResolve(values, context, options);
  if (values.to !== 'audience' || !result.errors.email) return result;
  const { email: _email, ...errors } = result.errors;
  return { values: {}, errors: { ...errors, audienceId: { type: 'custom', message: 'Choose an audience' } } };
};

/** /admin/notifications: a one-off notification to one user or an audience, and the ones sent. */
export default function AdminNotificationsPage() {
  const sent = useAdminNotifications();
  const audiences = useAudiences();
  const send = useSendAdminNotification();
  const form = useForm<AdminNotificationFormValues, unknown, AdminNotificationFormOutput>({ resolver, defaultValues: empty });
  const { errors, isSubmitting } = form.formState;
  const to = useWatch({ control: form.control, name: 'to' });

  const submit = form.handleSubmit(async (input) => {
    try {
      const result = await send.mutateAsync(input);
      toast({ title: `Sent to ${result.recipientCount} ${result.recipientCount === 1 ? 'person' : 'people'}` });
      form.reset({ ...empty, to });
    } catch (error) {
      const fields = error instanceof ApiError ? Object.entries(error.fields ?? {}) : [];
      const known = fields.filter(([name]) => (fieldNames as readonly string[]).includes(name));
      for (const [name, message] of known) form.setError(name as (typeof fieldNames)[number], { message });
      if (known.length === 0) toast({ title: errorMessage(error, 'We could not send the notification.'), variant: 'destructive' });
    }
  });

  return (
    <section aria-labelledby="admin-notifications-heading" className="grid gap-4 p-4">
      <h1 id="admin-notifications-heading" className="text-xl font-semibold text-neutral-900">
        Notifications
      </h1>
      <form noValidate onSubmit={submit}>
        <Card className="grid gap-4 p-4">
          <h2 className="text-base font-semibold text-neutral-900">Send a notification</h2>
          <FormField label="Send to">
            <NativeSelect {...form.register('to')}>
              <option value="user">One user</option>
              <option value="audience">An audience</option>
            </NativeSelect>
          </FormField>
          {to === 'user' ? (
            <FormField label="User's email" error={errors.email?.message}>
              <Input type="email" autoComplete="off" {...form.register('email')} />
            </FormField>
          ) : (
            <FormField label="Audience" error={errors.audienceId?.message}>
              <AudienceSelect audiences={audiences.data} {...form.register('audienceId')} />
            </FormField>
          )}
          <FormField label="Title" error={errors.title?.message}>
            <Input maxLength={120} {...form.register('title')} />
          </FormField>
          <FormField label="Message" error={errors.message?.message}>
            <Textarea maxLength={2000} {...form.register('message')} />
          </FormField>
          <Button type="submit" disabled={isSubmitting}>
            Send notification
          </Button>
        </Card>
      </form>
      <h2 className="text-base font-semibold text-neutral-900">Sent</h2>
      {sent.isPending ? (
        <Skeleton className="h-24" />
      ) : sent.isError ? (
        <ErrorState message="We couldn't load the notifications sent." onRetry={() => sent.refetch()} />
      ) : sent.data.length === 0 ? (
        <EmptyState icon={<BellRing />} title="Nothing sent yet" description="Notifications you send appear here." />
      ) : (
        <ul className="grid gap-3" aria-label="Notifications sent">
          {sent.data.map((n) => (
            <li key={n.id}>
              <Card className="grid gap-1 p-4 text-sm">
                <h3 className="font-semibold text-neutral-900">{n.title}</h3>
                <p className="whitespace-pre-wrap text-neutral-800">{n.message}</p>
                <p className="text-neutral-600">
                  To {n.to} · {n.recipientCount} {n.recipientCount === 1 ? 'person' : 'people'} ·{' '}
                  {new Date(n.createdAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}
                  {n.sentBy ? ` · by ${n.sentBy}` : ''}
                </p>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
