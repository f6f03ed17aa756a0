import type { TranslateOptions, Translator } from './translator';

/**
 * The translator of a church with no translator key: no network, deterministic, and labelled in
 * the text itself so nobody mistakes it for a real translation (decision 004: "demo translation" wherever it shows).
 * Like Azure it leaves protected glossary terms (`textType: 'html'`) untouched, so a church without
 * keys sees its glossary work (decision 025).
 */
export class DemoTranslator implements Translator {
  readonly kind = 'demo' as const;

  // The demo leaves every word as it is, markup included: protected spans come back untouched.
  // It has no network to wait for, so a partial (decision 030) is answered at once like a final;
  // a partial is one piece of a sentence shown in pieces, so the label is left to the sentence
  // shown (once, at its start: partial-translations.ts), not put before every piece.
  async translate(text: string, from: string, to: string[], options: TranslateOptions = {}): Promise<Record<string, string>> {
    const result: Record<string, string> = {};
    for (const code of to) {
      if (code !== from) result[code] = options.purpose === 'partial' ? text : demoTranslation(text, code);
    }
    return result;
  }
}

/** `[ES demo] Grace and peace…`: the target code, upper-cased, and the word demo. */
export function demoTranslation(text: string, to: string): string {
  return `[${to.toUpperCase()} demo] ${text}`;
}
