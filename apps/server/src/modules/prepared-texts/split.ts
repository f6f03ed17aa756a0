import mammoth from 'mammoth';
import { MAX_SEGMENT_CHARS, PREPARED_PARAGRAPHS_MAX } from '@app/shared';
import { AppError, badRequest } from '../../lib/errors';

/** Markdown that is layout, not words: headings, quotes, list bullets, emphasis, links (their text stays). */
function plainMarkdown(line: string): string {
  return line
    .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_|`)(.+?)\1/g, '$2');
}

/** A long paragraph in pieces a caption can carry, cut after a sentence where possible. */
function fit(paragraph: string): string[] {
  if (paragraph.length <= MAX_SEGMENT_CHARS) return [paragraph];
  const pieces: string[] = [];
  let rest = paragraph;
  while (rest.length > MAX_SEGMENT_CHARS) {
    const window = rest.slice(0, MAX_SEGMENT_CHARS);
    const cut = Math.max(window.lastIndexOf('. '), window.lastIndexOf('? '), window.lastIndexOf('! '));
    const at = cut > MAX_SEGMENT_CHARS / 2 ? cut + 1 : window.lastIndexOf(' ') > 0 ? window.lastIndexOf(' ') : MAX_SEGMENT_CHARS;
    pieces.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/**
 * Paragraphs as listeners will read them: a blank line starts a new one; the lines of a verse or a
 * song's stanza stay together; Markdown layout is dropped.
 */
export function splitParagraphs(text: string, markdown = false): string[] {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.split('\n').map((l) => (markdown ? plainMarkdown(l) : l).trim()).filter(Boolean).join('\n'))
    .filter((p) => p !== '' && !(markdown && /^(-{3,}|\*{3,})$/.test(p)))
    .flatMap(fit);
  if (paragraphs.length > PREPARED_PARAGRAPHS_MAX) {
    throw badRequest('Too many paragraphs', [{ field: 'text', message: `At most ${PREPARED_PARAGRAPHS_MAX} paragraphs`, key: 'validation.tooLong' }]);
  }
  return paragraphs;
}

/** Paragraphs of an uploaded .txt, .md or .docx (mammoth reads Word's paragraphs). */
export async function paragraphsFromFile(filename: string, bytes: Buffer): Promise<string[]> {
  const ext = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase();
  if (ext === 'docx') {
    let text: string;
    try {
      text = (await mammoth.extractRawText({ buffer: bytes })).value;
    } catch {
      throw badRequest('This is not a Word document', [{ field: 'file', message: 'This is not a Word (.docx) document' }]);
    }
    return splitParagraphs(text);
  }
  if (ext === 'txt' || ext === 'md' || ext === 'markdown') return splitParagraphs(bytes.toString('utf8').replace(/^\uFEFF/, ''), ext !== 'txt');
  throw new AppError('unsupported_media_type', 415, 'Choose a .txt, .md or .docx file');
}
