/**
 * What the loopback speech engines "hear": a script of sentences timed to the audio they receive
 * (decision 038). Two ways to say a word:
 * - encoded (tests, the speech bench): word i of the script is a run of samples of value
 *   WORD_BASE + i, followed by silence; the engine hears exactly the words whose audio it got, so a
 *   replay to a second engine after a failover shows which words arrived twice or never;
 * - timed (a browser's fake microphone, whose audio is resampled): the next word is heard for every
 *   WORD_MS of audio with speech energy, a sentence ends with its last word.
 */
export const WORD_BASE = 2000;
export const SAMPLE_RATE = 16_000;
const SENTENCE_SILENCE_MS = 300;
const WORD_MS = 350;
const ENERGY = 300;

export interface HeardEvent {
  /** The sentence so far (interim) or whole (final). */
  text: string;
  final: boolean;
  /** Milliseconds of this stream's audio up to the end of the last word. */
  endMs: number;
  /** Milliseconds of this stream's audio where the sentence's first word began (engines time their words). */
  startMs: number;
}

export function scriptWords(sentences: string[]): { text: string; sentenceEnd: boolean }[] {
  return sentences.flatMap((s) => {
    const words = s.split(/\s+/).filter(Boolean);
    return words.map((text, i) => ({ text, sentenceEnd: i === words.length - 1 }));
  });
}

/** PCM16 audio saying script words `from`…`to - 1` (encoded), with a pause after each sentence. */
export function encodedSpeech(words: { sentenceEnd: boolean }[], from = 0, to = words.length, wordMs = 300, gapMs = 100, sentenceGapMs = 500): Buffer {
  const parts: Buffer[] = [];
  const samples = (ms: number) => Math.round((ms / 1000) * SAMPLE_RATE);
  for (let i = from; i < to; i++) {
    const word = Buffer.alloc(samples(wordMs) * 2);
    for (let s = 0; s < word.length; s += 2) word.writeInt16LE(WORD_BASE + i, s);
    parts.push(word, Buffer.alloc(samples(words[i]!.sentenceEnd ? sentenceGapMs : gapMs) * 2));
  }
  return Buffer.concat(parts);
}

export class ScriptListener {
  private samples = 0;
  private runValue = 0;
  private heard: string[] = [];
  private lastWordEnd = 0;
  private runStart = 0;
  private firstWordStart = 0;
  private sentenceDone = false;
  private silentSince = 0;
  private timedIndex = 0;
  private voicedMs = 0;

  constructor(
    private readonly words: { text: string; sentenceEnd: boolean }[],
    private readonly mode: 'encoded' | 'timed',
    private readonly onHeard: (event: HeardEvent) => void,
    /** Timed: hears the script once, then nothing (a journey counts every word on the phone). */
    private readonly once = false,
  ) {}

  push(pcm: Buffer): void {
    if (this.mode === 'timed') return this.pushTimed(pcm);
    for (let o = 0; o + 1 < pcm.length; o += 2) {
      const v = pcm.readInt16LE(o);
      if (v !== this.runValue) {
        if (this.runValue >= WORD_BASE) this.word(this.runValue - WORD_BASE, this.samples, this.runStart);
        this.runValue = v;
        this.runStart = this.samples;
        if (v < WORD_BASE) this.silentSince = this.samples;
      }
      this.samples++;
      if (this.runValue < WORD_BASE && this.sentenceDone && this.ms(this.samples - this.silentSince) >= SENTENCE_SILENCE_MS) this.final();
    }
  }

  private pushTimed(pcm: Buffer): void {
    let sum = 0;
    for (let o = 0; o + 1 < pcm.length; o += 2) sum += pcm.readInt16LE(o) ** 2;
    const n = pcm.length >> 1;
    this.samples += n;
    if (Math.sqrt(sum / Math.max(1, n)) < ENERGY) return;
    this.voicedMs += this.ms(n);
    while (this.voicedMs >= WORD_MS) {
      this.voicedMs -= WORD_MS;
      if (this.once && this.timedIndex >= this.words.length) return;
      const index = this.timedIndex++ % this.words.length;
      this.word(index, this.samples, this.samples - (WORD_MS / 1000) * SAMPLE_RATE);
      if (this.sentenceDone) this.final();
    }
  }

  private word(index: number, endSample: number, startSample: number): void {
    const word = this.words[index];
    if (!word) return;
    if (this.heard.length === 0) this.firstWordStart = this.ms(Math.max(0, startSample));
    this.heard.push(word.text);
    this.lastWordEnd = this.ms(endSample);
    this.sentenceDone = word.sentenceEnd;
    this.onHeard({ text: this.heard.join(' '), final: false, endMs: this.lastWordEnd, startMs: this.firstWordStart });
  }

  private final(): void {
    this.sentenceDone = false;
    const text = this.heard.join(' ');
    this.heard = [];
    if (text) this.onHeard({ text, final: true, endMs: this.lastWordEnd, startMs: this.firstWordStart });
  }

  /** The end of the stream: what was heard of an unfinished sentence is final. */
  flush(): void {
    this.final();
  }

  private ms(samples: number): number {
    return Math.round((samples / SAMPLE_RATE) * 1000);
  }
}
