import { useEffect, useState } from 'react';
import { SearchX, Users } from 'lucide-react';
import { roles, type Role } from '@core/domain/roles.ts';
import { adminUserListLimit } from '@core/schemas/admin.ts';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.tsx';
import { useCurrentUser } from '@/lib/session/get-current-user.ts';
import { useAdminUsers } from '../api/get-admin-users.ts';
import { AdminUserListSkeleton, AdminUserRow } from '../components/admin-user-row.tsx';
import { roleLabel } from '../components/user-role-badge.tsx';

const allRoles = 'all';
const roleFromUrl = (): Role | undefined => {
  const value = new URLSearchParams(window.location.search).get('role');
  return (roles as readonly string[]).includes(value ?? '') ? (value as Role) : undefined;
};

/** Waits until typing pauses, so each keystroke is not a request. */
function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** /admin/users: find accounts by name, username or email, filter by role, and change role or access. */
export default function AdminUsersPage() {
  const { user: me } = useCurrentUser();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | undefined>(roleFromUrl);
  const debouncedSearch = useDebounced(search.trim(), 250);
  const users = useAdminUsers({ search: debouncedSearch, role });
  const isFiltered = debouncedSearch !== '' || role !== undefined;

  return (
    <div className="grid gap-4 p-4">
      <h1 className="text-xl font-semibold text-neutral-900">Users</h1>
      <div className="grid grid-cols-[1fr_9rem] gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="admin-user-search">Search</Label>
          <Input
            id="admin-user-search"
            type="search"
            placeholder="Name or email"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="admin-user-role">Role</Label>
          <Select value={role ?? allRoles} onValueChange={(value) => setRole(value === allRoles ? undefined : (value as Role))}>
            <SelectTrigger id="admin-user-role">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={allRoles}>All roles</SelectItem>
              {roles.map((r) => (
                <SelectItem key={r} value={r}>
                  {roleLabel(r)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>

      {users.isPending ? (
        <>
          <p role="status" className="sr-only">
            Loading users
          </p>
          <AdminUserListSkeleton />
        </>
      ) : users.isError ? (
        <ErrorState message="We couldn't load the users." onRetry={() => users.refetch()} />
      ) : users.data.length === 0 ? (
        isFiltered ? (
          <EmptyState icon={<SearchX />} title="No matching users" description="Try another name, email or role." />
        ) : (
          <EmptyState icon={<Users />} title="No users yet" description="Accounts appear here as people sign up." />
        )
      ) : (
        <>
          <p className="text-sm text-neutral-600" aria-live="polite">
            {users.data.length >= adminUserListLimit
              ? `Showing the newest ${adminUserListLimit} users. Search to narrow the list.`
              : `${users.data.length} ${users.data.length === 1 ? 'user' : 'users'}`}
          </p>
          <ul className="grid gap-3" aria-label="Users">
            {users.data.map((user) => (
              <li key={user.id}>
                <AdminUserRow user={user} isSelf={user.id === me?.id} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
