import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * Markdown of the operator's pages as HTML that is safe to put into the resident app.
 * Two layers: markdown-it with raw HTML off (a `<script>` is shown as text, javascript:, vbscript:,
 * file: and data: links are not made), then sanitize-html with an allow-list of the tags Markdown
 * produces and of link schemes, so a gap in one layer is closed by the other.
 */
// A line break is one, as administrators type an address; no typographic replacements in legal text.
const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: true });

// Images would load from any host the text names (a tracker on a privacy page) and lack a
// meaningful alternative often enough: an image is shown as its alternative text.
md.renderer.rules.image = (tokens, idx) => md.utils.escapeHtml(tokens[idx]!.content);

/** The tags Markdown makes, less images; h1 is the screen's own title, so content starts at h2. */
const TAGS = [
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'strong',
  'em',
  's',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: TAGS,
  allowedAttributes: { a: ['href', 'title', 'rel'], ol: ['start'], th: ['style'], td: ['style'] },
  // Table alignment is the one style Markdown writes.
  allowedStyles: { '*': { 'text-align': [/^(left|right|center)$/] } },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // One <h1> per screen (its title): a '#' heading of the text becomes the first level below it.
    h1: 'h2',
    // A link to another site must not reach back into the app (window.opener) nor tell it where
    // the reader came from.
    a: (tagName, attribs) => ({
      tagName,
      attribs: /^https?:/i.test(attribs.href ?? '') ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

/** '§ 34', 'Art. 6', 'Abs. 1', 'Nr. 4', 'lit. f': a line never breaks between the sign and its number. */
const CITATION = /(§§?|Art\.|Abs\.|Nr\.|lit\.) (?=[0-9a-z])/g;

/** The sanitised HTML of a page's Markdown. */
export function renderMarkdown(markdown: string): string {
  return sanitizeHtml(md.render(markdown.replace(CITATION, '$1\u00a0')), SANITIZE).trim();
}
