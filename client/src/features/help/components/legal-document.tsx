import { useEffect } from 'react';
import { ChevronRight } from 'lucide-react';
import { Link } from 'wouter';
import type { LegalDocumentContent, LegalSection } from '../content/types.ts';

const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** '2026-11-23' as 'November 23, 2026', the same in every time zone. */
export const formatLastUpdated = (isoDate: string) => longDate.format(new Date(`${isoDate}T00:00:00Z`));

const headingId = (section: LegalSection) => `${section.id}-title`;

/** The page opened at /privacy-policy#payments: scroll to that section once it exists (the page loads lazily). */
function useScrollToHash() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);
}

function SectionBody({ section }: { section: LegalSection }) {
  return (
    <div className="grid gap-3 text-base leading-relaxed text-neutral-700">
      {section.paragraphs?.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {section.items && (
        <ul className="grid list-disc gap-2 pl-5 marker:text-brand-600">
          {section.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      {section.link && (
        <Link
          href={section.link.href}
          className="inline-flex min-h-11 items-center gap-1 justify-self-start font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          {section.link.label}
          <ChevronRight aria-hidden className="size-4" />
        </Link>
      )}
    </div>
  );
}

/** A legal page from its content: title, last-updated date, summary, a table of contents and numbered sections. */
export function LegalDocument({ document: content }: { document: LegalDocumentContent }) {
  useScrollToHash();
  return (
    <article aria-labelledby="legal-title" className="grid gap-6 p-4 pb-8">
      <header className="grid gap-2">
        <h1 id="legal-title" className="text-2xl font-semibold tracking-tight text-neutral-900">
          {content.title}
        </h1>
        <p className="text-sm text-neutral-600">
          Last updated <time dateTime={content.lastUpdated}>{formatLastUpdated(content.lastUpdated)}</time>
        </p>
        <p className="text-base leading-relaxed text-neutral-700">{content.summary}</p>
      </header>

      <nav aria-labelledby="legal-contents-title" className="rounded-card bg-surface p-4 shadow-card">
        <h2 id="legal-contents-title" className="text-sm font-semibold tracking-wide text-neutral-900 uppercase">
          On this page
        </h2>
        <ol className="mt-2 grid">
          {content.sections.map((section, index) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="flex min-h-11 items-center gap-3 rounded-control text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
              >
                <span aria-hidden className="w-6 shrink-0 text-right text-neutral-500 tabular-nums">
                  {index + 1}.
                </span>
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {content.sections.map((section, index) => (
        // scroll-mt keeps a section's heading clear of the sticky header when a contents link jumps to it.
        <section key={section.id} id={section.id} aria-labelledby={headingId(section)} className="grid scroll-mt-20 gap-3">
          <h2 id={headingId(section)} className="text-lg font-semibold text-neutral-900">
            <span className="text-neutral-500 tabular-nums">{index + 1}.</span> {section.title}
          </h2>
          <SectionBody section={section} />
        </section>
      ))}
    </article>
  );
}
