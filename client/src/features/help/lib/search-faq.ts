import type { FaqEntry, FaqTopic } from '../content/types.ts';

/** Lower case, accents dropped, runs of spaces collapsed: 'Réfund ' and 'refund' compare equal. */
function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

function matches(entry: FaqEntry, words: readonly string[]): boolean {
  const haystack = normalize([entry.question, ...entry.answer].join(' '));
  return words.every((word) => haystack.includes(word));
}

/**
 * The topics whose questions or answers contain every word of `query` (in any order), each with only its matching
 * entries; topics left empty are dropped. A blank query returns every topic unchanged.
 */
export function searchFaq(topics: readonly FaqTopic[], query: string): FaqTopic[] {
  const words = normalize(query).split(' ').filter(Boolean);
  if (words.length === 0) return [...topics];
  return topics
    .map((topic) => ({ ...topic, entries: topic.entries.filter((entry) => matches(entry, words)) }))
    .filter((topic) => topic.entries.length > 0);
}

export const countEntries = (topics: readonly FaqTopic[]): number => topics.reduce((sum, topic) => sum + topic.entries.length, 0);
