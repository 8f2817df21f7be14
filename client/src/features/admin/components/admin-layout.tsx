import type { ReactNode } from 'react';
import { AdminMenu } from './admin-menu.tsx';

/** Every admin page: the admin menu above the page (the app shell around both keeps its header and bottom nav). */
export default function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <AdminMenu />
      {children}
    </>
  );
}
