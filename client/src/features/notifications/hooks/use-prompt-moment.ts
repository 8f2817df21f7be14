import { startTransition, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { isNotificationPromptOccasion } from '@core/domain/notification-prompt-occasion.ts';
import type { Onboarding } from '@core/schemas/onboarding.ts';
import { apiGet } from '@/lib/api-client.ts';
import { useCurrentUser } from '@/lib/session/get-current-user.ts';
import { useCurrentToast } from '@/lib/toast.ts';

/** True once the page under the bell has painted: from then on the prompt's modal moves focus without a long layout. */
function useHasPainted(): boolean {
  const [hasPainted, setHasPainted] = useState(false);
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
  return hasPainted;
}

/**
 * Whether an admin approved the signed-in detailer's business: the onboarding answer the dashboard reads (same key,
 * so the dashboard's answer serves), asked only on the dashboard, where the prompt may open for a detailer.
 */
function useDetailerApproved(enabled: boolean): boolean {
  const onboarding = useQuery({
    queryKey: ['/api/detailer/onboarding'],
    queryFn: () => apiGet<Onboarding>('/api/detailer/onboarding'),
    staleTime: 0,
    enabled,
  });
  return onboarding.data?.approved === true;
}

/**
 * True while the permission prompt may show on this page (spec section 4 keeps it shut for the session once closed;
 * the bell checks that). It opens at the moment it helps (`isNotificationPromptOccasion`), after the page has painted
 * (opened with the page, its focus move laid the whole page out in one long task, issue 13, decision 030) and no toast
 * is showing (the modal sits in the top layer, above a toast). It never takes the reader's first tap: a page touched
 * (a tap, a key) before the prompt opened keeps it shut, so a tap made while it would slide in reaches the page
 * ('Add your first car' was lost that way); it waits for the next occasion.
 */
export function usePromptMoment(): { isOpen: boolean; stepAside: () => void } {
  const [path] = useLocation();
  const role = useCurrentUser().user?.role ?? 'admin';
  const hasPainted = useHasPainted();
  const isToastShowing = useCurrentToast()?.open === true;
  const onDashboard = role === 'detailer' && isNotificationPromptOccasion({ role, path, detailerApproved: true });
  const detailerApproved = useDetailerApproved(onDashboard);
  const isOccasion = isNotificationPromptOccasion({ role, path, detailerApproved });
  const [touchedOn, setTouchedOn] = useState<string | null>(null);
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const isOpen = openedOn === path && isOccasion;
  if (!isOpen && isOccasion && hasPainted && !isToastShowing && touchedOn !== path) setOpenedOn(path);

  // Only where it may open: a touch elsewhere would draw the bell again inside the page's first tap for nothing
  // (issue 40: the booking flow's taps).
  const mayOpenHere = isOccasion || onDashboard;
  useEffect(() => {
    if (isOpen || !mayOpenHere) return;
    const touched = () => setTouchedOn(path);
    document.addEventListener('pointerdown', touched, true);
    document.addEventListener('keydown', touched, true);
    return () => {
      document.removeEventListener('pointerdown', touched, true);
      document.removeEventListener('keydown', touched, true);
    };
  }, [path, isOpen, mayOpenHere]);

  // A tap that began while the prompt slid in was meant for the page (the prompt hands it on): shut until the next
  // occasion, as if the page had been touched first; not dismissed for the session.
  return { isOpen, stepAside: () => setTouchedOn(path) };
}
