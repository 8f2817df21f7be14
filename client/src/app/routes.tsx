import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import type { Role } from '@core/domain/roles.ts';
import { FullPageSpinner } from '@/components/ui/spinner.tsx';
import { RequireRole } from './require-role.tsx';
import { routeTable, type PageModule } from './route-table.ts';

// Every page loads on demand, one lazy component per page module (a page on two paths is one component).
const pageModules = import.meta.glob<{ default: ComponentType }>(['../features/*/pages/*-page.tsx', './pages/*-page.tsx']);
const lazyPages = new Map<PageModule, ComponentType>();

function lazyPage(page: PageModule): ComponentType {
  let component = lazyPages.get(page);
  if (!component) {
    const load = pageModules[page.startsWith('app/') ? `./${page.slice(4)}` : `../${page}`];
    if (!load) throw new Error(`No page module at client/src/${page}`);
    component = lazy(load);
    lazyPages.set(page, component);
  }
  return component;
}

const AdminLayout = lazy(() => import('@/features/admin/components/admin-layout.tsx'));
const NotFoundPage = lazyPage('app/pages/not-found-page.tsx');

type RouteDefinition = { path: string; page: ComponentType; roles?: readonly Role[]; signedIn?: boolean };

/** The one place every admin page gets the admin menu: each page of the admin routes inside the admin layout. */
function withAdminMenu(Page: ComponentType): ComponentType {
  return function AdminPage() {
    return (
      <AdminLayout>
        <Page />
      </AdminLayout>
    );
  };
}

export const routeDefinitions: RouteDefinition[] = routeTable.map(({ page, adminMenu, ...definition }) => ({
  ...definition,
  page: adminMenu ? withAdminMenu(lazyPage(page)) : lazyPage(page),
}));

function guarded({ page: Page, roles, signedIn }: RouteDefinition) {
  if (!roles && !signedIn) return <Page />;
  return (
    <RequireRole roles={roles}>
      <Page />
    </RequireRole>
  );
}

export function AppRoutes() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Switch>
        {routeDefinitions.map((definition) => (
          <Route key={definition.path} path={definition.path}>
            {guarded(definition)}
          </Route>
        ))}
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </Suspense>
  );
}
