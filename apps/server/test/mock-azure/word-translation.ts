/**
 * The mock translator's "words" mode: a translator that, like real ones, settles the end of its
 * output only once the sentence is complete. Each word is translated on its own (a small sermon
 * vocabulary for Portuguese, Spanish and Indonesian; other words stay as they are), so the n-th
 * word of the output stands for the n-th word of the input and a benchmark can tell when each one
 * reached a phone. While the input does not end a sentence (. ! ?), its ending is unsettled:
 *
 * - 'last-word': the last word comes back in another form (untranslated, or with another ending);
 * - 'swap-last-two': the last two words come back in the other order (as Romance languages put an
 *   adjective after its noun once they see the noun);
 * - 'some-words': the last word comes back in another form for about one word in five (those whose
 *   letters' codes add up to a multiple of five): a translator whose ending mostly stands;
 * - 'none': nothing changes; a translator whose ending is already its settled one (decision 058: the
 *   sermon on which a tentative tail is worth showing).
 *
 * Once more words follow, the same words come back settled. HTML mode leaves markup, entities and
 * `notranslate` elements untouched, as Azure does.
 */
export type UnsettledEnding = 'last-word' | 'swap-last-two' | 'some-words' | 'none';

const VOCABULARY: Record<string, Record<string, string>> = {
  pt: {
    the: 'o', a: 'um', and: 'e', of: 'de', to: 'para', in: 'em', is: 'é', are: 'são', we: 'nós', you: 'você', he: 'ele',
    she: 'ela', it: 'isso', they: 'eles', our: 'nosso', his: 'seu', your: 'seu', my: 'meu', us: 'nós', me: 'me', him: 'ele',
    god: 'deus', lord: 'senhor', love: 'amor', loves: 'ama', grace: 'graça', peace: 'paz', faith: 'fé', hope: 'esperança',
    life: 'vida', light: 'luz', word: 'palavra', heart: 'coração', hearts: 'corações', people: 'povo', church: 'igreja',
    world: 'mundo', today: 'hoje', every: 'cada', day: 'dia', all: 'todos', not: 'não', with: 'com', for: 'por', from: 'de',
    that: 'que', this: 'isto', who: 'quem', when: 'quando', will: 'vai', can: 'pode', have: 'tem', has: 'tem', be: 'ser',
    good: 'bom', great: 'grande', new: 'novo', one: 'um', never: 'nunca', always: 'sempre', friends: 'amigos',
    family: 'família', prayer: 'oração', pray: 'orar', joy: 'alegria', strength: 'força', truth: 'verdade', way: 'caminho',
    open: 'abra', gives: 'dá', give: 'dar', gave: 'deu', know: 'sabemos', knows: 'sabe', come: 'venha', comes: 'vem',
    walk: 'andar', walked: 'andou', heard: 'ouviu', said: 'disse', says: 'diz', father: 'pai', son: 'filho', spirit: 'espírito',
    holy: 'santo', morning: 'manhã', week: 'semana', house: 'casa', bread: 'pão', water: 'água', sea: 'mar', storm: 'tempestade',
    fear: 'medo', afraid: 'medo', still: 'ainda', even: 'até', like: 'como', so: 'assim', but: 'mas', if: 'se', then: 'então',
    here: 'aqui', there: 'lá', again: 'novamente', how: 'como', into: 'dentro', on: 'sobre',
  },
  es: {
    the: 'el', a: 'un', and: 'y', of: 'de', to: 'a', in: 'en', is: 'es', are: 'son', we: 'nosotros', you: 'tú', he: 'él',
    she: 'ella', it: 'eso', they: 'ellos', our: 'nuestro', his: 'su', your: 'tu', my: 'mi', us: 'nosotros', me: 'me', him: 'él',
    god: 'dios', lord: 'señor', love: 'amor', loves: 'ama', grace: 'gracia', peace: 'paz', faith: 'fe', hope: 'esperanza',
    life: 'vida', light: 'luz', word: 'palabra', heart: 'corazón', hearts: 'corazones', people: 'pueblo', church: 'iglesia',
    world: 'mundo', today: 'hoy', every: 'cada', day: 'día', all: 'todos', not: 'no', with: 'con', for: 'por', from: 'de',
    that: 'que', this: 'esto', who: 'quien', when: 'cuando', will: 'va', can: 'puede', have: 'tiene', has: 'tiene', be: 'ser',
    good: 'bueno', great: 'grande', new: 'nuevo', one: 'uno', never: 'nunca', always: 'siempre', friends: 'amigos',
    family: 'familia', prayer: 'oración', pray: 'orar', joy: 'alegría', strength: 'fuerza', truth: 'verdad', way: 'camino',
    open: 'abre', gives: 'da', give: 'dar', gave: 'dio', know: 'sabemos', knows: 'sabe', come: 'ven', comes: 'viene',
    walk: 'caminar', walked: 'caminó', heard: 'oyó', said: 'dijo', says: 'dice', father: 'padre', son: 'hijo', spirit: 'espíritu',
    holy: 'santo', morning: 'mañana', week: 'semana', house: 'casa', bread: 'pan', water: 'agua', sea: 'mar', storm: 'tormenta',
    fear: 'miedo', afraid: 'miedo', still: 'aún', even: 'incluso', like: 'como', so: 'así', but: 'pero', if: 'si', then: 'entonces',
    here: 'aquí', there: 'allí', what: 'qué', how: 'cómo', into: 'dentro', on: 'sobre',
  },
  id: {
    the: 'itu', a: 'sebuah', and: 'dan', of: 'dari', to: 'ke', in: 'di', is: 'adalah', are: 'adalah', we: 'kita', you: 'kamu',
    he: 'dia', she: 'dia', it: 'itu', they: 'mereka', our: 'kita', his: 'nya', your: 'mu', my: 'ku', us: 'kita', god: 'allah',
    lord: 'tuhan', love: 'kasih', loves: 'mengasihi', grace: 'anugerah', peace: 'damai', faith: 'iman', hope: 'harapan',
    life: 'hidup', light: 'terang', word: 'firman', heart: 'hati', people: 'umat', church: 'gereja', world: 'dunia',
    every: 'setiap', day: 'hari', all: 'semua', not: 'tidak', with: 'dengan', for: 'untuk', from: 'dari',
    that: 'bahwa', this: 'ini', who: 'siapa', when: 'ketika', will: 'akan', can: 'bisa', have: 'punya', good: 'baik',
    great: 'besar', new: 'baru', always: 'selalu', family: 'keluarga', prayer: 'doa', pray: 'berdoa',
    joy: 'sukacita', strength: 'kekuatan', truth: 'kebenaran', way: 'jalan', father: 'bapa', son: 'anak', spirit: 'roh',
    holy: 'kudus', house: 'rumah', bread: 'roti', water: 'air', sea: 'laut', storm: 'badai', fear: 'takut', but: 'tetapi',
  },
};

// Elements marked notranslate, other tags and entities: what HTML mode gives back untouched.
const KEPT_HTML = /(<(\w+)\b[^>]*\b(?:class="notranslate"|translate="no")[^>]*>[\s\S]*?<\/\2>|<[^>]+>|&[a-z0-9#]+;)/gi;
const SENTENCE_END = /[.!?]["')\]]*\s*$/;

interface Token {
  text: string;
  /** A word the translator translates (not markup, not space). */
  word: boolean;
}

function tokens(text: string, html: boolean): Token[] {
  const parts = html ? text.split(KEPT_HTML) : [text];
  const out: Token[] = [];
  parts.forEach((part, i) => {
    if (html && i % 3 === 2) return;
    if (html && i % 3 === 1) {
      out.push({ text: part, word: false });
      return;
    }
    for (const piece of part.split(/(\s+)/)) if (piece) out.push({ text: piece, word: !/^\s+$/.test(piece) });
  });
  return out;
}

/** One word with its punctuation kept and its capital letter carried over. */
function translateWord(word: string, to: string): string {
  const m = /^(\P{L}*)([\p{L}\p{N}'’-]*)(.*)$/su.exec(word)!;
  const [, lead, core, tail] = m as unknown as [string, string, string, string];
  const translated = VOCABULARY[to]?.[core.toLowerCase()] ?? core;
  const cased = /^\p{Lu}/u.test(core) ? translated.charAt(0).toUpperCase() + translated.slice(1) : translated;
  return lead + cased + tail;
}

/** The same word as a translator gives it when the sentence might still go on. */
function unsettledForm(word: string, settled: string): string {
  return settled.toLowerCase() !== word.toLowerCase() ? word : settled.replace(/(\p{L})(\P{L}*)$/u, '$1o$2');
}

/** About one word in five, always the same ones: those whose letters' codes add up to a multiple of five. */
function rewrittenSometimes(word: string): boolean {
  const letters = word.toLowerCase().replace(/[^\p{L}]/gu, '');
  return [...letters].reduce((n, c) => n + c.charCodeAt(0), 0) % 5 === 0;
}

export function translateWords(text: string, to: string, opts: { ending: UnsettledEnding; html: boolean }): string {
  const list = tokens(text, opts.html);
  const words = list.filter((t) => t.word);
  const sources = words.map((t) => t.text);
  for (const t of words) t.text = translateWord(t.text, to);
  const plain = opts.html ? text.replace(/<[^>]+>/g, '') : text;
  if (opts.ending !== 'none' && !SENTENCE_END.test(plain) && words.length > 0) {
    if (opts.ending === 'last-word' || (opts.ending === 'some-words' && rewrittenSometimes(sources.at(-1)!))) {
      const last = words.at(-1)!;
      last.text = unsettledForm(sources.at(-1)!, last.text);
    } else if (opts.ending === 'swap-last-two') {
      const rest = list.filter((t) => t.text.trim() !== '');
      if (rest.length >= 2) {
        const [a, b] = [rest.at(-2)!, rest.at(-1)!];
        [a.text, b.text] = [b.text, a.text];
      }
    }
  }
  return list.map((t) => t.text).join('');
}
