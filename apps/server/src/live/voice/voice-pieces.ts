import { normaliseUnit, splitUnits, type Unit } from '../captions/word-units';

/**
 * What the voice says of a line, and when (decision 039), as pure state: the voice speaks what is
 * settled as soon as it is settled, never a word a later update takes back.
 *
 * - A translated language's settled text is the committed part of its partial translation
 *   (decision 030: windows whose held words are masked), then the final. Each new committed
 *   window is a piece; the final adds what the windows had not said.
 * - The spoken language's settled text is the recogniser's stable words: those two hypotheses in a
 *   row agree on, less the newest (which recognisers revise), two at a time; then the final.
 *
 * Pieces of one line never overlap: each starts at the word after the last one said, so the
 * pieces of a line put together are its final caption.
 */
export interface Piece {
  seq: number;
  /** Its place in the line: 0, 1, 2… (the final's remainder is the last). */
  index: number;
  text: string;
  final: boolean;
}

interface LineState {
  /** Words of the line said so far. */
  spoken: number;
  pieces: number;
  /** The previous hypothesis, for the spoken language's stability. */
  previous: string[];
}

export interface PieceOptions {
  /** Fewest stable words of the spoken language that make a piece before the final. */
  sourceStep: number;
  /** Newest words of a hypothesis never said before the next hypothesis confirms them. */
  sourceHeld: number;
}

/**
 * Two stable words, as a translated language's voiced windows (decision 047): with four, the
 * spoken language's voice was the latest of all (2.46 s median against 1.9 s translated), each
 * piece's first word waiting for three more.
 */
export const defaultPieceOptions: PieceOptions = { sourceStep: 2, sourceHeld: 1 };

/** One language of one sermon. */
export class SpokenLines {
  private readonly lines = new Map<number, LineState>();
  private finishedUpTo = 0;

  constructor(
    private readonly language: string,
    private readonly options: PieceOptions = defaultPieceOptions,
  ) {}

  /** Committed text of line `seq` so far (a translated language's partial): the piece not yet said. */
  committed(seq: number, text: string): Piece | null {
    const line = this.line(seq);
    if (!line) return null;
    return this.take(seq, line, splitUnits(text, this.language), false);
  }

  /** A hypothesis of line `seq` in the spoken language: its newly stable words, once there are enough. */
  hypothesis(seq: number, text: string): Piece | null {
    const line = this.line(seq);
    if (!line) return null;
    const units = splitUnits(text, this.language);
    const words = units.map(normaliseUnit);
    let agreed = 0;
    while (agreed < words.length && agreed < line.previous.length && words[agreed] === line.previous[agreed]) agreed++;
    line.previous = words;
    const stable = Math.min(agreed, units.length - this.options.sourceHeld);
    if (stable - line.spoken < this.options.sourceStep) return null;
    return this.take(seq, line, units.slice(0, stable), false);
  }

  /** Line `seq` is final: what its pieces had not said. The line is over either way. */
  final(seq: number, text: string | null): Piece | null {
    const line = this.line(seq);
    if (!line) return null;
    const piece = text === null ? null : this.take(seq, line, splitUnits(text, this.language), true);
    this.lines.delete(seq);
    this.finishedUpTo = Math.max(this.finishedUpTo, seq);
    // Lines the recogniser abandoned (a hypothesis never finalised) are forgotten with it.
    for (const old of this.lines.keys()) if (old < seq) this.lines.delete(old);
    return piece;
  }

  private line(seq: number): LineState | null {
    if (seq <= this.finishedUpTo) return null;
    let line = this.lines.get(seq);
    if (!line) {
      line = { spoken: 0, pieces: 0, previous: [] };
      this.lines.set(seq, line);
    }
    return line;
  }

  private take(seq: number, line: LineState, units: Unit[], final: boolean): Piece | null {
    const fresh = units.slice(line.spoken);
    line.spoken = Math.max(line.spoken, units.length);
    const text = fresh.join('').trim();
    if (!text || !/[\p{L}\p{N}]/u.test(text)) return null;
    return { seq, index: line.pieces++, text, final };
  }
}
