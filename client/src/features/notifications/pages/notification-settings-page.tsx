import { notificationTypeLabels, type NotificationSetting } from '@core/schemas/notification.ts';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { useNotificationSettings } from '../api/get-notification-settings.ts';
import { useUpdateNotificationSetting } from '../api/update-notification-settings.ts';

type Channel = 'inApp' | 'push' | 'email';
const channels: Array<{ key: Channel; label: string }> = [
  { key: 'inApp', label: 'In-app' },
  { key: 'push', label: 'Push' },
  { key: 'email', label: 'Email' },
];

/** /notification-settings: per type, in-app / push / email switches, each saved the moment it flips. */
export default function NotificationSettingsPage() {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSetting();

  const flip = (setting: NotificationSetting, channel: Channel, on: boolean) => update.mutate({ ...setting, [channel]: on });

  return (
    <section className="grid gap-4 p-4">
      <div className="grid gap-1">
        <h1 className="text-xl font-semibold text-neutral-900">Notification settings</h1>
        <p className="text-sm text-neutral-600">Choose how each kind of update reaches you. Changes save right away.</p>
      </div>
      {settings.isPending ? (
        <div className="grid gap-3" aria-label="Loading notification settings">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-28 w-full rounded-card" />
          ))}
        </div>
      ) : settings.isError ? (
        <ErrorState title="Could not load your notification settings" onRetry={() => void settings.refetch()} />
      ) : (
        <ul className="grid gap-3">
          {settings.data.map((setting) => {
            const label = notificationTypeLabels[setting.type];
            return (
              <li key={setting.type}>
                <Card>
                  <CardContent className="grid gap-2 py-4">
                    <h2 className="font-semibold text-neutral-900">{label}</h2>
                    {setting.type === 'promotions' && (
                      <p className="text-sm text-neutral-600">Offers and news from Glossly. Off unless you turn it on.</p>
                    )}
                    <div className="grid grid-cols-3 gap-2">
                      {channels.map((channel) => {
                        const id = `${setting.type}-${channel.key}`;
                        return (
                          <div key={channel.key} className="flex flex-col items-start gap-1.5">
                            <label htmlFor={id} className="text-sm text-neutral-600">
                              {channel.label}
                            </label>
                            <Switch
                              id={id}
                              aria-label={`${label}: ${channel.label}`}
                              checked={setting[channel.key]}
                              onCheckedChange={(on) => flip(setting, channel.key, on)}
                            />
                          </div>
                        );
                      })}
                    </div>
                  </CardContent>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
