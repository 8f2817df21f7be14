import type { ComponentProps } from 'react';
import type { Audience } from '@core/schemas/marketing.ts';
import { NativeSelect } from './form-field.tsx';

type AudienceSelectProps = Omit<ComponentProps<'select'>, 'children'> & {
  /** The saved audiences (undefined while they load). */
  audiences: readonly Pick<Audience, 'id' | 'name' | 'count'>[] | undefined;
};

/**
 * Who a campaign or a notification goes to: 'Choose an audience', then each saved audience with its size. The rest
 * (the form's registration, and FormField's id and described-by) goes to the select.
 */
export function AudienceSelect({ audiences, ...props }: AudienceSelectProps) {
  return (
    <NativeSelect {...props}>
      <option value="">Choose an audience</option>
      {(audiences ?? []).map((a) => (
        <option key={a.id} value={a.id}>
          {a.name} ({a.count})
        </option>
      ))}
    </NativeSelect>
  );
}
