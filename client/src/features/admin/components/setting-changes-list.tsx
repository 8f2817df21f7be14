import { History } from 'lucide-react';
import { formatUsd } from '@core/domain/money.ts';
import { payoutWeekdayNames, platformSettingLabels, type PlatformSettingName } from '@core/domain/platform-settings.ts';
import type { PlatformSettingChange } from '@core/schemas/platform-settings.ts';
import { Card } from '@/components/ui/card.tsx';

/** A stored value (text, as platform_setting_changes keeps it) in the words and units the form uses. */
export function settingValueText(setting: string, value: string): string {
  const number = Number(value);
  if (setting.endsWith('Cents')) return formatUsd(number);
  if (setting.endsWith('BasisPoints')) return `${number / 100} %`;
  if (setting === 'holdMinutes') return `${number} minutes`;
  if (setting.endsWith('Hours')) return `${number} hours`;
  if (setting === 'payoutWeekday') return payoutWeekdayNames[number] ?? value;
  return value;
}

const labelOf = (setting: string) => platformSettingLabels[setting as PlatformSettingName] ?? setting;

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The audit list (decision 022): who changed which setting, from what to what, and when; newest first. */
export function SettingChangesList({ changes }: { changes: readonly PlatformSettingChange[] }) {
  return (
    <section aria-labelledby="admin-settings-history-heading">
      <Card className="grid gap-3 p-4">
        <div className="grid gap-1">
          <h2 id="admin-settings-history-heading" className="text-lg font-semibold text-neutral-900">
            Recent changes
          </h2>
          <p className="text-sm text-neutral-600">The latest 50 changes, newest first.</p>
        </div>
        {changes.length === 0 ? (
          <p className="flex items-center gap-2 rounded-control bg-neutral-50 p-3 text-sm text-neutral-600">
            <History aria-hidden className="size-4 shrink-0" />
            No changes yet. Each saved change is listed here with who made it.
          </p>
        ) : (
          <ol className="grid divide-y divide-neutral-200" aria-label="Setting changes">
            {changes.map((change) => (
              <li key={change.id} className="grid gap-0.5 py-2.5 first:pt-0 last:pb-0">
                <p className="text-sm text-neutral-900">
                  <span className="font-medium">{labelOf(change.setting)}</span>: {settingValueText(change.setting, change.oldValue)} →{' '}
                  {settingValueText(change.setting, change.newValue)}
                </p>
                <p className="text-xs text-neutral-600">
                  {change.changedBy ?? 'A deleted account'} ·{' '}
                  <time dateTime={change.createdAt}>{when.format(new Date(change.createdAt))}</time>
                </p>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </section>
  );
}
