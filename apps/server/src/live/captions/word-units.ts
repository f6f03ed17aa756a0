/**
 * Words of a line as partial translations count them (decision 030): each word with the spaces and
 * punctuation after it, cut by the language's own word boundaries (`Intl.Segmenter`, built into
 * Node and browsers), so Chinese, Japanese or Thai, written without spaces, are cut at their words.
 */

/** A word with the spaces and punctuation after it: joined, the units give the text back. */
export type Unit = string;

const segmenters = new Map<string, Intl.Segmenter>();

function segmenterFor(language: string): Intl.Segmenter {
  let segmenter = segmenters.get(language);
  if (!segmenter) {
    let locale = 'en';
    try {
      locale = Intl.Segmenter.supportedLocalesOf([language])[0] ?? 'en';
    } catch {
      // A church-made code that is not a valid tag: word boundaries of the root locale do.
    }
    segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
    segmenters.set(language, segmenter);
  }
  return segmenter;
}

/**
 * Words of a text, each with what follows it up to the next word. Languages written without
 * spaces (Chinese, Japanese, Thai) are cut at their dictionary's word boundaries.
 */
export function splitUnits(text: string, language: string): Unit[] {
  const units: Unit[] = [];
  let before = '';
  for (const part of segmenterFor(language).segment(text)) {
    if (part.isWordLike) {
      units.push(before + part.segment);
      before = '';
    } else if (units.length === 0) before += part.segment;
    else units[units.length - 1] += part.segment;
  }
  return units;
}

/** A unit as compared: lower case, without spaces, punctuation or symbols. */
export function normaliseUnit(unit: Unit): string {
  return unit.toLowerCase().replace(/[\p{P}\p{S}\s]/gu, '');
}
