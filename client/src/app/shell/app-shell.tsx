import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { hidesBottomNav } from '@core/domain/navigation.ts';
import { AppHeader } from './app-header.tsx';
import { BottomNav } from './bottom-nav.tsx';

export function AppShell({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  return (
    <div className="min-h-dvh bg-canvas">
      <AppHeader />
      <main className={hidesBottomNav(path) ? 'pb-8' : 'pb-24'}>
        <div className="mx-auto w-full max-w-[32rem]">{children}</div>
      </main>
      <BottomNav />
    </div>
  );
}
