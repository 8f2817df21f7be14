import {
  Bell,
  CalendarCheck,
  Car,
  Clock,
  Home,
  LogIn,
  MapPin,
  MessageSquare,
  Navigation,
  Shield,
  User,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { bottomNavItems, hidesBottomNav, isNavItemActive } from '@core/domain/navigation.ts';
import { useCurrentUser } from '@/lib/session/get-current-user.ts';
import { cn } from '@/lib/cn.ts';
import { useUnreadMessagesCount } from '@/features/messages/api/get-unread-messages-count.ts';
import { MessagesTabBadge, messagesTabCountId } from '@/features/messages/components/messages-tab-badge.tsx';

const icons: Record<string, LucideIcon> = {
  home: Home,
  bookings: CalendarCheck,
  messages: MessageSquare,
  'smart-book': Zap,
  track: Navigation,
  'my-cars': Car,
  profile: User,
  admin: Shield,
  location: MapPin,
  availability: Clock,
  login: LogIn,
};

export function BottomNav() {
  const [path] = useLocation();
  const { user, isLoading } = useCurrentUser();
  const unreadMessages = useUnreadMessagesCount(user !== null).data ?? 0;
  if (hidesBottomNav(path) || isLoading) return null;
  const items = bottomNavItems(user?.role ?? null, path);
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-neutral-200 bg-surface pb-[env(safe-area-inset-bottom)]"
    >
      <ul className="mx-auto flex max-w-[32rem]">
        {items.map((item) => {
          const Icon = icons[item.key] ?? Bell;
          const isActive = isNavItemActive(item, path);
          const content = (
            <>
              <Icon aria-hidden className="size-5" />
              <span className="whitespace-nowrap">{item.label}</span>
            </>
          );
          const classes = cn(
            'flex min-h-14 flex-col items-center justify-center gap-0.5 px-0.5 text-[11px] leading-4 font-medium max-[359px]:text-[10px]',
            isActive ? 'text-brand-700' : 'text-neutral-600',
          );
          return (
            // Equal shares, but never narrower than the label: 'Smart Book' stays on one line among seven items
            // (at 390 px; 10 px type below 360 px keeps all seven on screen down to 320 px).
            <li key={item.key} className="min-w-max flex-1">
              {item.disabled ? (
                <span role="link" aria-disabled="true" className={cn(classes, 'text-neutral-500 opacity-60')}>
                  {content}
                </span>
              ) : (
                <Link
                  href={item.href}
                  aria-current={isActive ? 'page' : undefined}
                  aria-describedby={item.key === 'messages' && unreadMessages > 0 ? messagesTabCountId : undefined}
                  className={cn(classes, item.key === 'messages' && 'relative')}
                >
                  {content}
                  {item.key === 'messages' && <MessagesTabBadge count={unreadMessages} />}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
