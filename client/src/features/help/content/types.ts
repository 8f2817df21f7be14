/** One question of the help centre, answered in plain text (searchable as typed). */
export interface FaqEntry {
  /** Stable id, used for the accordion item and the anchor. */
  id: string;
  question: string;
  /** One or more paragraphs. */
  answer: readonly string[];
}

export interface FaqTopic {
  id: string;
  title: string;
  entries: readonly FaqEntry[];
}

/** A link shown at the end of a legal section, e.g. to the help centre. */
export interface LegalLink {
  href: string;
  label: string;
}

export interface LegalSection {
  /** The anchor the table of contents links to: `#{id}`. */
  id: string;
  title: string;
  paragraphs?: readonly string[];
  /** A bulleted list shown after the paragraphs. */
  items?: readonly string[];
  link?: LegalLink;
}

export interface LegalDocumentContent {
  title: string;
  /** ISO date (YYYY-MM-DD) of the last change. */
  lastUpdated: string;
  summary: string;
  sections: readonly LegalSection[];
}
