import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DeviceVoice, pickVoice } from './device-voice';

beforeAll(() => {
  // jsdom has no speech synthesis; a minimal utterance is enough for the queue logic.
  class Utterance {
    lang = '';
    volume = 1;
    rate = 1;
    voice: SpeechSynthesisVoice | null = null;
    onend: (() => void) | null = null;
    onerror: (() => void) | null = null;
    constructor(public text: string) {}
  }
  vi.stubGlobal('SpeechSynthesisUtterance', Utterance);
});

function fakeSynth() {
  const spoken: SpeechSynthesisUtterance[] = [];
  const synth = {
    speak: vi.fn((u: SpeechSynthesisUtterance) => spoken.push(u)),
    cancel: vi.fn(),
    getVoices: () => [
      { lang: 'en-AU', name: 'Karen' },
      { lang: 'es-ES', name: 'Monica' },
      { lang: 'es_MX', name: 'Paulina' },
    ] as SpeechSynthesisVoice[],
  };
  return { synth: synth as unknown as SpeechSynthesis, spoken, raw: synth };
}

const finish = (u: SpeechSynthesisUtterance | undefined) => u?.onend?.(new Event('end') as SpeechSynthesisEvent);

describe('device voice', () => {
  it('speaks in the listener language with a matching installed voice', () => {
    const { synth, spoken } = fakeSynth();
    new DeviceVoice(synth).speak('Hola', 'es-ES');
    expect(spoken[0]?.lang).toBe('es-ES');
    expect(spoken[0]?.voice?.name).toBe('Monica');
  });

  it('says every piece, one after the other, faster when they pile up and never above 1.3×', () => {
    const { synth, spoken, raw } = fakeSynth();
    const rates: number[] = [];
    const voice = new DeviceVoice(synth, (r) => rates.push(r));
    const piece = 'and the word of the lord came to him saying';
    for (let n = 1; n <= 8; n++) voice.speak(`${piece} ${n}`, 'en-AU');
    expect(spoken).toHaveLength(1);
    for (let n = 1; n < 8; n++) finish(spoken.at(-1));
    expect(spoken.map((u) => u.text)).toEqual(Array.from({ length: 8 }, (_v, i) => `${piece} ${i + 1}`));
    expect(raw.cancel).not.toHaveBeenCalled();
    const used = spoken.map((u) => u.rate);
    expect(Math.max(...used)).toBeGreaterThan(1);
    expect(Math.max(...used)).toBeLessThanOrEqual(1.3);
    // Caught up: the last piece is said at a slower pace than the busiest moment.
    expect(used.at(-1)!).toBeLessThan(Math.max(...used));
  });

  it('keeps a normal pace when pieces come no faster than they are said', () => {
    const { synth, spoken } = fakeSynth();
    const voice = new DeviceVoice(synth);
    for (let n = 1; n <= 4; n++) {
      voice.speak(`grace and peace ${n}`, 'en-AU');
      finish(spoken.at(-1));
    }
    expect(spoken.every((u) => u.rate === 1)).toBe(true);
  });

  it('picks a voice of the same language when the exact locale is missing', () => {
    const { synth } = fakeSynth();
    expect(pickVoice(synth.getVoices(), 'es-MX')?.name).toBe('Paulina');
    expect(pickVoice(synth.getVoices(), 'en-US')?.name).toBe('Karen');
    expect(pickVoice(synth.getVoices(), 'ar-SA')).toBeUndefined();
  });
});
