import { describe, expect, it } from 'vitest';
import { faqTopics } from '../content/faq.ts';
import type { FaqTopic } from '../content/types.ts';
import { countEntries, searchFaq } from './search-faq.ts';

const topics: FaqTopic[] = [
  {
    id: 'payments',
    title: 'Payments',
    entries: [
      { id: 'charged', question: 'When am I charged?', answer: ['Only when the service is completed.'] },
      { id: 'refund', question: 'How do refunds work?', answer: ['A free cancellation releases the hold.'] },
    ],
  },
  { id: 'account', title: 'Account', entries: [{ id: 'password', question: 'I forgot my password', answer: ['Use the Réset link.'] }] },
];

describe('searchFaq', () => {
  it('returns every topic for a blank query', () => {
    expect(searchFaq(topics, '   ')).toEqual(topics);
  });

  it('matches questions and answers, ignoring case, accents and word order, and drops empty topics', () => {
    expect(searchFaq(topics, 'REFUNDS').map((t) => t.entries.map((e) => e.id))).toEqual([['refund']]);
    expect(searchFaq(topics, 'hold  cancellation').map((t) => t.entries.map((e) => e.id))).toEqual([['refund']]);
    expect(searchFaq(topics, 'reset').map((t) => t.id)).toEqual(['account']);
  });

  it('needs every word to match', () => {
    expect(searchFaq(topics, 'refund password')).toEqual([]);
  });
});

describe('the help centre content', () => {
  it('has the five topics, each with at least five questions, with unique ids', () => {
    expect(faqTopics.map((t) => t.title)).toEqual(['Booking', 'Payments and refunds', 'Cancellations', 'Detailers', 'Account']);
    for (const topic of faqTopics) expect(topic.entries.length, topic.title).toBeGreaterThanOrEqual(5);
    const ids = faqTopics.flatMap((t) => t.entries.map((e) => `${t.id}/${e.id}`));
    expect(new Set(ids).size).toBe(countEntries(faqTopics));
  });

  it("states the app's own fee and cancellation figures", () => {
    const text = JSON.stringify(faqTopics);
    expect(text).toContain('$15.00 service fee');
    expect(text).toContain('until 24 hours before');
    expect(text).toContain('$59.00 + $15.00 fee + $4.72 tax = $78.72');
  });
});
