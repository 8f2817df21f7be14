import { useEffect, useState } from 'react';
import { Bell } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover.tsx';
import { toast } from '@/lib/toast.ts';
import { useUnreadCount } from '../api/get-unread-count.ts';
import { useNotificationPermission } from '../hooks/use-notification-permission.ts';
import { useNotificationStream } from '../hooks/use-notification-stream.ts';
import { EnableNotificationsBanner, NotificationPermissionPrompt } from './notification-permission-prompt.tsx';
import { NotificationPanel } from './notification-panel.tsx';
import { UnreadBadge } from './unread-badge.tsx';

/** The header bell: unread badge (polled every 60 s, live from the event stream) and the panel. */
export function NotificationBell({ userId }: { userId: number }) {
  const [isOpen, setIsOpen] = useState(false);
  const [isPromptOpen, setIsPromptOpen] = useState(false);
  const permission = useNotificationPermission(userId);
  const unreadCount = useUnreadCount(userId);
  useNotificationStream(true);

  useEffect(() => {
    if (unreadCount.isError) toast({ title: 'Failed to refresh notification count', variant: 'destructive' });
  }, [unreadCount.isError, unreadCount.errorUpdatedAt]);

  // Spec: 0 on failure.
  const unread = unreadCount.isError ? 0 : (unreadCount.data ?? 0);

  const closePrompt = () => {
    setIsPromptOpen(false);
    permission.dismiss();
  };

  return (
    <>
      <Popover open={isOpen} onOpenChange={setIsOpen}>
        <PopoverTrigger asChild>
          <Button variant="ghost" size="icon" aria-label="Notifications" aria-describedby="unread-count" className="relative">
            <Bell aria-hidden />
            <UnreadBadge count={unread} />
          </Button>
        </PopoverTrigger>
        <span id="unread-count" className="sr-only">
          {unread === 1 ? '1 unread notification' : `${unread} unread notifications`}
        </span>
        <PopoverContent align="end" sideOffset={4} className="w-[350px]! max-h-[500px] overflow-hidden p-0!">
          <NotificationPanel
            userId={userId}
            onNavigate={() => setIsOpen(false)}
            banner={
              permission.shouldOffer ? (
                <EnableNotificationsBanner
                  onOpen={() => {
                    setIsOpen(false);
                    setIsPromptOpen(true);
                  }}
                />
              ) : null
            }
          />
        </PopoverContent>
      </Popover>
      <NotificationPermissionPrompt
        open={isPromptOpen && permission.shouldOffer}
        onDismiss={closePrompt}
        onEnable={() => {
          closePrompt();
          void permission.request();
        }}
      />
    </>
  );
}
