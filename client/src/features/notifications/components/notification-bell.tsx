import { startTransition, useEffect, useState } from 'react';
import { Bell } from 'lucide-react';
import { useLocation } from 'wouter';
import { hidesBottomNav } from '@core/domain/navigation.ts';
import { Button } from '@/components/ui/button.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover.tsx';
import { toast, useCurrentToast } from '@/lib/toast.ts';
import { useUnreadCount } from '../api/get-unread-count.ts';
import { useNotificationPermission } from '../hooks/use-notification-permission.ts';
import { useNotificationStream } from '../hooks/use-notification-stream.ts';
import { useStuckModalCloser } from '../hooks/use-stuck-modal-closer.ts';
import { NotificationPermissionPrompt } from './notification-permission-prompt.tsx';
import { NotificationPanel } from './notification-panel.tsx';
import { notificationBellName, UnreadBadge } from './unread-badge.tsx';

/**
 * True once the prompt may open, and from then on: the page under the bell has painted and no toast is showing.
 * The prompt's modal moves focus on opening, which makes the browser lay out the whole page at once if it has not
 * yet: opened with the page, that was one task of 300 ms on a throttled phone (issue 13). After a paint the layout is
 * done. The change is a transition: React draws the prompt in slices, and opens it (`showModal`, in an effect) in a
 * task after the commit (decision 030). A toast is read first: the prompt is a modal in the browser's top layer,
 * above everything, toasts included (the sign-in toast would sit behind its backdrop).
 */
function usePromptMoment(): boolean {
  const [hasPainted, setHasPainted] = useState(false);
  const [isMoment, setIsMoment] = useState(false);
  const isToastShowing = useCurrentToast()?.open === true;
  if (hasPainted && !isToastShowing && !isMoment) setIsMoment(true);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame's callback runs before its paint; the timer's task comes after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setHasPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return isMoment;
}

/** The header bell: unread badge (polled every 60 s, live from the event stream) and the panel. */
export function NotificationBell({ userId }: { userId: number }) {
  const [isOpen, setIsOpen] = useState(false);
  const [path] = useLocation();
  const permission = useNotificationPermission(userId);
  const unreadCount = useUnreadCount(userId);
  useNotificationStream(true);
  useStuckModalCloser();
  const isPromptMoment = usePromptMoment();

  useEffect(() => {
    if (unreadCount.isError) toast({ title: 'Failed to refresh notification count', variant: 'destructive' });
  }, [unreadCount.isError, unreadCount.errorUpdatedAt]);

  // Spec: 0 on failure.
  const unread = unreadCount.isError ? 0 : (unreadCount.data ?? 0);

  // Spec section 4: the prompt shows by itself while the permission is 'default' and it was not dismissed
  // this session; closing it any way hides it for the session.
  // It never interrupts the focused flows (booking, checkout, payment), the pages without the bottom nav.
  const closePrompt = () => permission.dismiss();
  const isPromptOpen = isPromptMoment && permission.shouldOffer && !hidesBottomNav(path);

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
        onEnable={() => {
          closePrompt();
          void permission.request();
        }}
      />
    </>
  );
}
