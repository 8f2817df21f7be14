import type { Role } from '@core/domain/roles.ts';
import { Badge, type BadgeVariant } from '@/components/ui/badge.tsx';

const roleLabels: Record<Role, string> = { customer: 'Customer', detailer: 'Detailer', admin: 'Admin' };
const roleVariants: Record<Role, BadgeVariant> = { customer: 'neutral', detailer: 'brand', admin: 'warning' };

export const roleLabel = (role: Role) => roleLabels[role];

export function UserRoleBadge({ role }: { role: Role }) {
  return (
    <Badge variant={roleVariants[role]} data-role={role}>
      {roleLabels[role]}
    </Badge>
  );
}
