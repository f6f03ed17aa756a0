/**
 * A speech recogniser's output for bench:latency (decision 030): a sermon spoken at about 150 words
 * a minute, as a recogniser reports it. Each word appears in the hypothesis 300 ms after it is said;
 * hypotheses come at most every 250 ms (lower case, no punctuation, as Azure's interim results);
 * now and then the newest word is misheard and the next hypothesis corrects it; a final (capitalised
 * and punctuated) comes only after 600 ms of silence or 25 s of speech, and a third of sentences run
 * on into the next without a pause. Deterministic for a seed.
 */

const SERMON = [
  'Good morning church, and welcome to the house of God.',
  'Today we open the word together and we ask the Lord to speak to our hearts.',
  'Grace and peace to you from God our Father.',
  'This week I walked by the sea and I heard the storm in the night.',
  'The disciples were in the boat and the storm was great, and they were afraid.',
  'But Jesus was with them in the boat.',
  'He was asleep on a cushion, and they woke him and said, Lord, do you not care that we are perishing?',
  'And he rose and rebuked the wind and said to the sea, peace, be still.',
  'Friends, the same Lord is with you in the storm of your life today.',
  'He does not always take the storm away, but he never leaves the boat.',
  'Some of you came this morning carrying fear in your hearts.',
  'Maybe it is your family, maybe it is your work, maybe it is your health.',
  'Hear the word of the Lord: do not be afraid, for I am with you.',
  'Faith is not the absence of fear; faith is trusting God in the middle of it.',
  'When Peter walked on the water he looked at the wind and began to sink.',
  'And immediately Jesus reached out his hand and caught him.',
  'That is grace.',
  'Grace is God reaching for you before you even know how to ask.',
  'We do not earn it and we cannot lose it by one bad day.',
  'So this week, when the storm comes, say his name and pray.',
  'Prayer is not a last resort, it is the first place we run.',
  'In the book of Psalms the writer says the Lord is my light and my salvation.',
  'Whom shall I fear?',
  'The Lord is the strength of my life, of whom shall I be afraid?',
  'Let that truth sink deep into your heart this morning.',
  'Our hope is not in our strength but in his faithfulness.',
  'He gave his Son for the world, so that all who believe will have life.',
  'That is the good news we carry into our homes and our streets.',
  'Look at the person next to you and tell them, God is with you.',
  'Church, we are a family, and a family carries each other.',
  'If your neighbour is in the storm, be the hand that reaches out.',
  'Bring bread, bring water, bring a kind word and a listening ear.',
  'Love is not only what we feel, it is what we do every day.',
  'Jesus said, by this all people will know that you are my disciples, if you love one another.',
  'So let us be known by our love.',
  'Let us pray together now.',
  'Father, thank you for your grace and your peace.',
  'Thank you that you are with us in every storm.',
  'Give us faith to trust you and strength to love our neighbours.',
  'Fill this church with your Holy Spirit and your joy.',
  'We pray in the name of Jesus Christ our Lord, amen.',
];

export interface TraceWord {
  /** The word as the final shows it (capitalised, punctuated). */
  text: string;
  /** When it was said, ms from the start. */
  saidAt: number;
}

export interface TraceSegment {
  words: TraceWord[];
  /** The recogniser's final for these words. */
  finalText: string;
  finalAt: number;
}

export interface TraceEvent {
  at: number;
  kind: 'hypothesis' | 'final';
  /** Which segment (0-based, in the order the finals come). */
  segment: number;
  text: string;
}

export interface Trace {
  segments: TraceSegment[];
  /** Hypotheses and finals in time order. */
  events: TraceEvent[];
  durationMs: number;
  words: number;
}

export interface TraceOptions {
  minutes: number;
  seed: number;
  /** Words a minute, pauses included. */
  wordsPerMinute?: number;
}

const HYPOTHESIS_DELAY_MS = 300;
const HYPOTHESIS_GAP_MS = 250;
const SILENCE_FINAL_MS = 600;
const MAX_SEGMENT_MS = 25_000;
const MISHEARD = 0.12;
const RUN_ON = 1 / 3;

/** A small seeded generator (mulberry32): the same trace for the same seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A word as a recogniser's hypothesis has it: lower case, no punctuation. */
export const spoken = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}'’-]/gu, '');

/** A wrong guess at a word, as recognisers make for the newest one. */
const misheard = (word: string) => (word.endsWith('s') ? word.slice(0, -1) : `${word}s`);

export function buildTrace(options: TraceOptions): Trace {
  const rand = random(options.seed);
  const wpm = options.wordsPerMinute ?? 150;
  // Gaps between words of a sentence, and pauses between sentences (run-on ones shorter than the
  // recogniser's 600 ms); the gaps are scaled below so that, pauses included, it is `wpm` words a minute.
  const sentences: Array<{ words: string[]; gaps: number[]; pause: number; runOn: boolean }> = [];
  let words = 0;
  let gapMs = 0;
  let pauseMs = 0;
  for (let i = 0; (words * 60_000) / wpm < options.minutes * 60_000; i++) {
    const sentence = SERMON[i % SERMON.length]!.split(' ');
    const gaps = sentence.slice(1).map(() => 0.8 + 0.4 * rand());
    const runOn = rand() < RUN_ON;
    const pause = runOn ? 150 + 250 * rand() : 750 + 600 * rand();
    sentences.push({ words: sentence, gaps, pause, runOn });
    words += sentence.length;
    gapMs += gaps.reduce((a, b) => a + b, 0);
    pauseMs += pause;
  }
  const scale = ((words * 60_000) / wpm - pauseMs) / gapMs;

  const segments: TraceSegment[] = [];
  let t = 1000;
  let current: TraceWord[] = [];
  const finish = (at: number) => {
    if (current.length === 0) return;
    segments.push({ words: current, finalText: current.map((w) => w.text).join(' '), finalAt: at });
    current = [];
  };
  for (const s of sentences) {
    s.words.forEach((word, i) => {
      if (current.length > 0 && t - current[0]!.saidAt >= MAX_SEGMENT_MS) finish(current.at(-1)!.saidAt + HYPOTHESIS_DELAY_MS);
      current.push({ text: word, saidAt: t });
      t += i < s.words.length - 1 ? s.gaps[i]! * scale : 0;
    });
    if (!s.runOn) finish(t + SILENCE_FINAL_MS);
    t += s.pause;
  }
  finish(t + SILENCE_FINAL_MS);

  const events: TraceEvent[] = [];
  segments.forEach((segment, index) => {
    let lastAt = -Infinity;
    let shown = 0;
    let wrong = false;
    const hypothesis = (at: number, upTo: number, mishear: boolean) => {
      const heard = segment.words.slice(0, upTo).map((w) => spoken(w.text));
      if (mishear) heard[heard.length - 1] = misheard(heard.at(-1)!);
      events.push({ at, kind: 'hypothesis', segment: index, text: heard.join(' ') });
      lastAt = at;
      shown = upTo;
      wrong = mishear;
    };
    for (let i = 0; i < segment.words.length; i++) {
      const due = segment.words[i]!.saidAt + HYPOTHESIS_DELAY_MS;
      const at = Math.max(due, lastAt + HYPOTHESIS_GAP_MS);
      // Words due by then travel together (the recogniser's hypotheses are thinned out).
      let upTo = i + 1;
      while (upTo < segment.words.length && segment.words[upTo]!.saidAt + HYPOTHESIS_DELAY_MS <= at) upTo++;
      hypothesis(at, upTo, rand() < MISHEARD);
      i = upTo - 1;
    }
    // A wrong last word is put right before the final.
    if (wrong && shown === segment.words.length) hypothesis(Math.min(lastAt + HYPOTHESIS_GAP_MS, segment.finalAt - 50), shown, false);
    events.push({ at: Math.max(segment.finalAt, lastAt + 1), kind: 'final', segment: index, text: segment.finalText });
  });
  events.sort((a, b) => a.at - b.at || (a.kind === 'final' ? -1 : 1));
  return { segments, events, durationMs: Math.max(...events.map((e) => e.at)), words: segments.reduce((n, s) => n + s.words.length, 0) };
}
