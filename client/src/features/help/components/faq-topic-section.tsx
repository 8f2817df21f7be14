import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import { Card } from '@/components/ui/card.tsx';
import type { FaqTopic } from '../content/types.ts';

export const topicHeadingId = (topic: FaqTopic) => `faq-${topic.id}`;

/** One topic of the help centre: its heading, then each question as a button that shows and hides its answer. */
export function FaqTopicSection({ topic }: { topic: FaqTopic }) {
  const headingId = topicHeadingId(topic);
  return (
    <section aria-labelledby={headingId} className="grid scroll-mt-20 gap-2" id={`topic-${topic.id}`}>
      <h2 id={headingId} className="text-lg font-semibold text-neutral-900">
        {topic.title}
      </h2>
      <Card>
        <Accordion.Root type="multiple" className="divide-y divide-neutral-100">
          {topic.entries.map((entry) => (
            <Accordion.Item key={entry.id} value={entry.id}>
              <Accordion.Header asChild>
                <h3>
                  <Accordion.Trigger className="group flex min-h-12 w-full items-center justify-between gap-3 rounded-card px-4 py-3 text-left text-base font-medium text-neutral-900 hover:bg-neutral-50">
                    {entry.question}
                    <ChevronDown
                      aria-hidden
                      className="size-5 shrink-0 text-neutral-500 transition-transform duration-150 group-data-[state=open]:rotate-180"
                    />
                  </Accordion.Trigger>
                </h3>
              </Accordion.Header>
              <Accordion.Content className="grid gap-2 px-4 pb-4 text-base leading-relaxed text-neutral-700 data-[state=open]:animate-fade-in">
                {entry.answer.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </Card>
    </section>
  );
}
