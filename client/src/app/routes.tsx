import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import type { Role } from '@core/domain/roles.ts';
import { routePathPattern } from '@core/domain/route-paths.ts';
import { FullPageSpinner } from '@/components/ui/spinner.tsx';
import { RequireRole } from './require-role.tsx';
import { routeTable, type PageModule } from './route-table.ts';

// Every page loads on demand, one component per page module (a page on two paths is one component). The first
// page is loaded before the first render (loadPageAt, from main.tsx): drawn at once, without the spinner, so React
// has no fallback to replace (it holds a Suspense reveal up to 300 ms after the fallback it replaces).
const pageModules = import.meta.glob<{ default: ComponentType }>(['../features/*/pages/*-page.tsx', './pages/*-page.tsx']);

/**
 * A component whose module loads on demand; once `load` has run, it draws at once instead of suspending. Decided once
 * per mount: one drawn lazily stays so when its module arrives (no remount, no lost state).
 */
function loadedOnDemand<P extends object>(importModule: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  const load = () =>
    importModule().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(load);
  function OnDemand(props: P) {
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return { Component: OnDemand, load };
}

const pages = new Map<PageModule, ReturnType<typeof loadedOnDemand<object>>>();

function pageOnDemand(page: PageModule) {
  let found = pages.get(page);
  if (!found) {
    const importModule = pageModules[page.startsWith('app/') ? `./${page.slice(4)}` : `../${page}`];
    if (!importModule) throw new Error(`No page module at client/src/${page}`);
    found = loadedOnDemand(importModule);
    pages.set(page, found);
  }
  return found;
}

const lazyPage = (page: PageModule): ComponentType => pageOnDemand(page).Component;

// The admin menu around every admin page: loaded with the first admin page, so that page is drawn whole at once.
const adminLayout = loadedOnDemand(() => import('@/features/admin/components/admin-layout.tsx'));
const AdminLayout = adminLayout.Component;

/** Loads the page module of the route at `path`, if a route has it; a failure is left to the page's lazy load. */
export async function loadPageAt(path: string): Promise<void> {
  const route = routeTable.find((entry) => routePathPattern(entry.path).test(path));
  if (!route) return;
  await Promise.all([pageOnDemand(route.page).load(), route.adminMenu ? adminLayout.load() : null]).catch(() => undefined);
}

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

declare global {
  interface Window {
    /** Set by the recorder a drawn page carries (client/public/early-taps.js); absent from a page drawn by no one. */
    glosslyLive?: () => void;
  }
}

/**
 * The page is live: the taps made on its drawn screen before now are done again, in order (decision 052). After the
 * page, in its boundary, which React hydrates after the shell's commit: an effect of the shell would replay on a page that
 * does not listen yet.
 */
function ReplayEarlyTaps() {
  useEffect(() => window.glosslyLive?.(), []);
  return null;
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
      <ReplayEarlyTaps />
    </Suspense>
  );
}
