/** A legal page's text: its title, an introduction and numbered sections of paragraphs and lists. */

type LegalBlock = { kind: 'p'; text: string } | { kind: 'ul'; items: readonly string[] };

interface LegalSection {
  id: string;
  heading: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  title: string;
  intro: string;
  sections: readonly LegalSection[];
}
