import { useState, type ReactNode } from 'react';
import { ChevronRight, Download } from 'lucide-react';
import type { User } from '@core/schemas/user.ts';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog.tsx';
import { exportDataUrl } from '../api/export-data.ts';
import { ChangeEmailForm } from './change-email-form.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { EditProfileForm } from './edit-profile-form.tsx';

type Panel = 'profile' | 'password' | 'email';

const rowClasses = 'flex min-h-12 w-full items-center justify-between gap-4 text-left text-sm font-medium text-neutral-900';

function SettingsDialog({
  title,
  description,
  open,
  onOpenChange,
  children,
}: {
  title: string;
  description: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <div className="mt-4">{children}</div>
      </DialogContent>
    </Dialog>
  );
}

/** The profile's 'Profile and security' card: each row opens its form in a sheet; the data download is a plain link. */
export function AccountSettings({ user }: { user: User }) {
  const [panel, setPanel] = useState<Panel | null>(null);
  const close = () => setPanel(null);
  const openChange = (which: Panel) => (open: boolean) => setPanel(open ? which : null);
  const rows: { panel: Panel; label: string }[] = [
    { panel: 'profile', label: 'Edit profile' },
    { panel: 'password', label: 'Change password' },
    { panel: 'email', label: 'Change email' },
  ];

  return (
    <Card>
      <CardContent className="py-1">
        <nav aria-label="Profile and security">
          <ul className="divide-y divide-neutral-100">
            {rows.map((row) => (
              <li key={row.panel}>
                <button type="button" className={rowClasses} onClick={() => setPanel(row.panel)}>
                  {row.label}
                  <ChevronRight aria-hidden className="size-4 text-neutral-500" />
                </button>
              </li>
            ))}
            <li>
              <a href={exportDataUrl} download className={rowClasses}>
                Download my data
                <Download aria-hidden className="size-4 text-neutral-500" />
              </a>
            </li>
          </ul>
        </nav>
      </CardContent>
      <SettingsDialog
        title="Edit profile"
        description="Your name and photo are shown to your detailer or customer."
        open={panel === 'profile'}
        onOpenChange={openChange('profile')}
      >
        <EditProfileForm user={user} onDone={close} />
      </SettingsDialog>
      <SettingsDialog
        title="Change password"
        description="Your other devices will be signed out; this one stays signed in."
        open={panel === 'password'}
        onOpenChange={openChange('password')}
      >
        <ChangePasswordForm onDone={close} />
      </SettingsDialog>
      <SettingsDialog
        title="Change email"
        description="We will send a link to the new address. Nothing changes until you open it."
        open={panel === 'email'}
        onOpenChange={openChange('email')}
      >
        <ChangeEmailForm currentEmail={user.email} />
      </SettingsDialog>
    </Card>
  );
}
