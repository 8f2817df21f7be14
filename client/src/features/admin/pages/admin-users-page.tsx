import { useState } from 'react';
import { SearchX, Users } from 'lucide-react';
import { useSearch } from 'wouter';
import { roles, type Role } from '@core/domain/roles.ts';
import { adminUserListLimit } from '@core/schemas/admin.ts';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Label } from '@/components/ui/label.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useCurrentUser } from '@/lib/session/get-current-user.ts';
import { useDebounced } from '@/lib/use-debounced.ts';
import { useAdminUsers } from '../api/get-admin-users.ts';
import { AdminUserListSkeleton, AdminUserRow } from '../components/admin-user-row.tsx';
import { roleLabel } from '../components/user-role-badge.tsx';

const allRoles = 'all';
/** The filter's extra choice (decision 021): detailers an admin has not approved yet. */
const pendingApproval = 'pending-approval';
type UserFilter = Role | typeof pendingApproval | undefined;
const filterFromSearch = (search: string): UserFilter => {
  const query = new URLSearchParams(search);
  if (query.get('pendingApproval') === 'true') return pendingApproval;
  const value = query.get('role');
  return (roles as readonly string[]).includes(value ?? '') ? (value as Role) : undefined;
};

/** /admin/users: find accounts by name, username or email, filter by role, and change role or access. */
export default function AdminUsersPage() {
  const { user: me } = useCurrentUser();
  const [search, setSearch] = useState('');
  // Through the router, not window.location: the server draws this page too (app/prerender.tsx).
  const urlSearch = useSearch();
  const [filter, setFilter] = useState<UserFilter>(() => filterFromSearch(urlSearch));
  const debouncedSearch = useDebounced(search.trim(), 250);
  const isPendingFilter = filter === pendingApproval;
  const users = useAdminUsers({ search: debouncedSearch, role: isPendingFilter ? undefined : filter, pendingApproval: isPendingFilter });
  const isFiltered = debouncedSearch !== '' || filter !== undefined;

  return (
    <div className="grid gap-4 p-4">
      <h1 className="text-xl font-semibold text-neutral-900">Users</h1>
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(9rem,auto)] gap-3">
        <TextField
          id="admin-user-search"
          label="Search"
          type="search"
          placeholder="Name or email"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <div className="grid gap-1.5">
          <Label htmlFor="admin-user-role">Role</Label>
          <Select value={filter ?? allRoles} onValueChange={(value) => setFilter(value === allRoles ? undefined : (value as UserFilter))}>
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
              <SelectItem value={pendingApproval}>Pending approval</SelectItem>
            </SelectContent>
          </Select>
        </div>
      </div>

      {users.isPending ? (
        <LoadingState label="Loading users">
          <AdminUserListSkeleton />
        </LoadingState>
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
