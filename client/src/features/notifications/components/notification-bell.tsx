import { useEffect, useState } from 'react';
import { Bell } from 'lucide-react';
import { useLocation } from 'wouter';
import { hidesBottomNav } from '@core/domain/navigation.ts';
import { Button } from '@/components/ui/button.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover.tsx';
import { toast } from '@/lib/toast.ts';
import { useUnreadCount } from '../api/get-unread-count.ts';
import { useNotificationPermission } from '../hooks/use-notification-permission.ts';
import { useNotificationStream } from '../hooks/use-notification-stream.ts';
import { usePromptMoment } from '../hooks/use-prompt-moment.ts';
import { useStuckModalCloser } from '../hooks/use-stuck-modal-closer.ts';
import { NotificationPermissionPrompt } from './notification-permission-prompt.tsx';
import { NotificationPanel } from './notification-panel.tsx';
import { notificationBellName, UnreadBadge } from './unread-badge.tsx';
import { DisabledUntilLive } from '@/components/disabled-until-live.tsx';

/** The header bell: unread badge (polled every 60 s, live from the event stream) and the panel. */
function BellButton({ userId }: { userId: number }) {
  const [isOpen, setIsOpen] = useState(false);
  const [path] = useLocation();
  const permission = useNotificationPermission(userId);
  const unreadCount = useUnreadCount(userId);
  useNotificationStream(true);
  useStuckModalCloser();
  const promptMoment = usePromptMoment();

  useEffect(() => {
    if (unreadCount.isError) toast({ title: 'Failed to refresh notification count', variant: 'destructive' });
  }, [unreadCount.isError, unreadCount.errorUpdatedAt]);

  // Spec: 0 on failure.
  const unread = unreadCount.isError ? 0 : (unreadCount.data ?? 0);

  // Spec section 4: the prompt shows by itself while the permission is 'default' and it was not dismissed
  // this session; closing it any way hides it for the session.
  // It never interrupts the focused flows (booking, checkout, payment), the pages without the bottom nav.
  const closePrompt = () => permission.dismiss();
  const isPromptOpen = promptMoment.isOpen && permission.shouldOffer && !hidesBottomNav(path);

  return (
    <>
      <Popover open={isOpen} onOpenChange={setIsOpen}>
        <PopoverTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={notificationBellName(unread)} className="relative">
            <Bell aria-hidden />
            <UnreadBadge count={unread} />
          </Button>
        </PopoverTrigger>
        <PopoverContent align="end" sideOffset={4} className="w-[350px]! max-h-[500px] overflow-hidden p-0!">
          <NotificationPanel userId={userId} onNavigate={() => setIsOpen(false)} />
        </PopoverContent>
      </Popover>
      <NotificationPermissionPrompt
        open={isPromptOpen}
        onDismiss={closePrompt}
        onStepAside={promptMoment.stepAside}
        onEnable={() => {
          closePrompt();
          void permission.request();
        }}
      />
    </>
  );
}

/**
 * Loaded on its own and hydrated after the rest of the screen: its controls wait for it (DisabledUntilLive), inside
 * its Suspense boundary. Wrapped here, in its own chunk, so the entry does not carry the guard.
 */
export function NotificationBell({ userId }: { userId: number }) {
  return (
    <DisabledUntilLive>
      <BellButton userId={userId} />
    </DisabledUntilLive>
  );
}
