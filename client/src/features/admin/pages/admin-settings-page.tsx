import { Card } from '@/components/ui/card.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { usePlatformSettings } from '../api/get-platform-settings.ts';
import { PlatformSettingsForm } from '../components/platform-settings-form.tsx';
import { SettingChangesList } from '../components/setting-changes-list.tsx';

/**
 * /admin/settings (issue 19, decision 022): the service fee, tax rate, cancellation terms, hold and request times,
 * referral credits, commission, payout day and support email, and the list of who changed what and when.
 */
export default function AdminSettingsPage() {
  const settings = usePlatformSettings();

  return (
    <div className="grid gap-4 p-4">
      <div className="grid gap-1">
        <h1 className="text-xl font-semibold text-neutral-900">Settings</h1>
        <p className="text-sm text-neutral-600">Changes apply to new bookings at once; existing bookings keep their numbers.</p>
      </div>
      {settings.isPending ? (
        <SettingsSkeleton />
      ) : settings.isError ? (
        <Card className="p-4">
          <ErrorState message="We couldn't load the settings." onRetry={() => settings.refetch()} />
        </Card>
      ) : (
        <>
          <PlatformSettingsForm settings={settings.data} />
          <SettingChangesList changes={settings.data.changes} />
        </>
      )}
    </div>
  );
}

function SettingsSkeleton() {
  return (
    <div className="grid gap-4">
      <p role="status" className="sr-only">
        Loading settings
      </p>
      {[2, 4, 2].map((count, card) => (
        <Card key={card} className="grid gap-4 p-4" aria-hidden>
          <Skeleton className="h-5 w-40" />
          <div className="grid gap-4 sm:grid-cols-2">
            {Array.from({ length: count }, (_, index) => (
              <div key={index} className="grid gap-1.5">
                <Skeleton className="h-4 w-28" />
                <Skeleton className="h-11 w-full" />
              </div>
            ))}
          </div>
        </Card>
      ))}
    </div>
  );
}
