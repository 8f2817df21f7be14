import { Fragment } from 'react';

const urlPattern = /https?:\/\/[^\s<>"']+/g;
// Sentence punctuation after a link belongs to the sentence: 'see https://a.example/x.' links to .../x
const trailingPunctuation = /[.,;:!?'")\]]+$/;

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** Splits plain text into text and http(s) links; nothing in it is ever read as markup. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(urlPattern)) {
    let url = match[0];
    const trailing = url.match(trailingPunctuation)?.[0] ?? '';
    // Keep a closing bracket the link itself opened: https://en.wikipedia.org/wiki/Foo_(bar)
    const keep = trailing.startsWith(')') && url.slice(0, -trailing.length).includes('(') ? 1 : 0;
    url = url.slice(0, url.length - trailing.length + keep);
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** A message's text as plain text (React escapes it), its http(s) links clickable in a new tab. */
export function MessageText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={className}>
      {splitLinks(text).map((part, index) =>
        part.kind === 'link' ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer" className="break-all underline underline-offset-2">
            {part.text}
          </a>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </p>
  );
}
