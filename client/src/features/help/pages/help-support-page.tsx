import { useId, useMemo, useRef, useState } from 'react';
import { Search, SearchX } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Input } from '@/components/ui/input.tsx';
import { ContactSupport } from '../components/contact-support.tsx';
import { FaqTopicSection } from '../components/faq-topic-section.tsx';
import { faqTopicsFor } from '../content/faq.ts';
import { useHelpFigures } from '../lib/use-help-figures.ts';
import { countEntries, searchFaq } from '../lib/search-faq.ts';

const matchCount = (count: number) => (count === 1 ? '1 answer matches' : `${count} answers match`);

/** /help-support: the FAQ by topic, filtered as you type, and a way to reach the support team. */
export default function HelpSupportPage() {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const searchInput = useRef<HTMLInputElement>(null);
  const figures = useHelpFigures();
  const faqTopics = useMemo(() => faqTopicsFor(figures), [figures]);
  const topics = useMemo(() => searchFaq(faqTopics, query), [faqTopics, query]);
  const isSearching = query.trim() !== '';
  const count = countEntries(topics);

  const clearSearch = () => {
    setQuery('');
    searchInput.current?.focus();
  };

  return (
    <section aria-labelledby="help-title" className="grid gap-6 p-4 pb-8">
      <div className="grid gap-1">
        <h1 id="help-title" className="text-2xl font-semibold tracking-tight text-neutral-900">
          Help & Support
        </h1>
        <p className="text-sm text-neutral-600">Answers about booking, paying, cancelling and your account.</p>
      </div>

      <div role="search" className="grid gap-2">
        <label htmlFor={searchId} className="text-sm font-medium text-neutral-900">
          Search help
        </label>
        <div className="relative">
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-neutral-500" />
          <Input
            ref={searchInput}
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="e.g. cancel, refund, card"
            autoComplete="off"
            enterKeyHint="search"
            className="pl-10"
          />
        </div>
        <p aria-live="polite" className="sr-only">
          {isSearching ? (count === 0 ? `No answers match "${query.trim()}"` : matchCount(count)) : ''}
        </p>
      </div>

      {!isSearching && (
        <nav aria-label="Help topics" className="-mx-4 overflow-x-auto px-4 no-scrollbar">
          <ul className="flex gap-2">
            {faqTopics.map((topic) => (
              <li key={topic.id} className="shrink-0">
                <a
                  href={`#topic-${topic.id}`}
                  className="inline-flex min-h-11 items-center rounded-full border border-neutral-200 bg-surface px-4 text-sm font-medium text-neutral-800 hover:border-brand-300 hover:text-brand-700"
                >
                  {topic.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}

      {count === 0 ? (
        <EmptyState
          icon={<SearchX />}
          title={`No answers match "${query.trim()}"`}
          description="Try fewer or different words, or ask our support team below."
          action={
            <Button variant="secondary" onClick={clearSearch}>
              Clear search
            </Button>
          }
          className="py-6"
        />
      ) : (
        <div className="grid gap-6">
          {topics.map((topic) => (
            <FaqTopicSection key={topic.id} topic={topic} />
          ))}
        </div>
      )}

      <ContactSupport />

      <p className="text-center text-sm text-neutral-600">
        Read our{' '}
        <Link href="/terms-of-service" className="font-medium text-brand-700 underline underline-offset-4">
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link href="/privacy-policy" className="font-medium text-brand-700 underline underline-offset-4">
          Privacy Policy
        </Link>
        .
      </p>
    </section>
  );
}
