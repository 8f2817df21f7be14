import { useState } from 'react';
import { BellRing } from 'lucide-react';
import { adminNotificationInputSchema } from '@core/schemas/marketing.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useAdminNotifications, useAudiences, useSendAdminNotification } from '../api/marketing-api.ts';
import { FormField, NativeSelect } from '../components/form-field.tsx';

const empty = { to: 'user', email: '', audienceId: '', title: '', message: '' };

/** /admin/notifications: a one-off notification to one user or an audience, and the ones sent. */
export default function AdminNotificationsPage() {
  const sent = useAdminNotifications();
  const audiences = useAudiences();
  const send = useSendAdminNotification();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof empty) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: event.target.value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };

  async function submit() {
    const input = {
      ...(values.to === 'user' ? { email: values.email } : values.audienceId ? { audienceId: Number(values.audienceId) } : {}),
      title: values.title,
      message: values.message,
    };
    const checked = adminNotificationInputSchema.safeParse(input);
    if (!checked.success) {
      const found = Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message]));
      if (values.to === 'audience' && found.email) found.audienceId = 'Choose an audience';
      return setErrors(found);
    }
    try {
      const result = await send.mutateAsync(checked.data);
      toast({ title: `Sent to ${result.recipientCount} ${result.recipientCount === 1 ? 'person' : 'people'}` });
      setValues({ ...empty, to: values.to });
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      else toast({ title: errorMessage(error, 'We could not send the notification.'), variant: 'destructive' });
    }
  }

  return (
    <section aria-labelledby="admin-notifications-heading" className="grid gap-4 p-4">
      <h1 id="admin-notifications-heading" className="text-xl font-semibold text-neutral-900">Notifications</h1>
      <form noValidate onSubmit={(event) => { event.preventDefault(); void submit(); }}>
        <Card className="grid gap-4 p-4">
          <h2 className="text-base font-semibold text-neutral-900">Send a notification</h2>
          <FormField label="Send to">
            <NativeSelect value={values.to} onChange={set('to')}>
              <option value="user">One user</option>
              <option value="audience">An audience</option>
            </NativeSelect>
          </FormField>
          {values.to === 'user' ? (
            <FormField label="User's email" error={errors.email}>
              <Input type="email" autoComplete="off" value={values.email} onChange={set('email')} />
            </FormField>
          ) : (
            <FormField label="Audience" error={errors.audienceId}>
              <NativeSelect value={values.audienceId} onChange={set('audienceId')}>
                <option value="">Choose an audience</option>
                {(audiences.data ?? []).map((a) => <option key={a.id} value={a.id}>{a.name} ({a.count})</option>)}
              </NativeSelect>
            </FormField>
          )}
          <FormField label="Title" error={errors.title}>
            <Input value={values.title} onChange={set('title')} maxLength={120} />
          </FormField>
          <FormField label="Message" error={errors.message}>
            <Textarea value={values.message} onChange={set('message')} maxLength={2000} />
          </FormField>
          <Button type="submit" disabled={send.isPending}>Send notification</Button>
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
                  To {n.to} · {n.recipientCount} {n.recipientCount === 1 ? 'person' : 'people'} · {new Date(n.createdAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}
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
