import { useMemo } from 'react';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { figuresFrom, type HelpFigures } from '../content/faq-figures.ts';

/** The help and legal figures from the platform's settings now; the spec's until they arrive. */
export function useHelpFigures(): HelpFigures {
  const settings = usePublicSettings();
  return useMemo(() => figuresFrom(settings), [settings]);
}
