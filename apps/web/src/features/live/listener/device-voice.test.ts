import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DeviceVoice, pickVoice } from './device-voice';

beforeAll(() => {
  // jsdom has no speech synthesis; a minimal utterance is enough for the queue logic.
  class Utterance {
    lang = '';
    volume = 1;
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

describe('device voice', () => {
  it('speaks in the listener language with a matching installed voice', () => {
    const { synth, spoken } = fakeSynth();
    new DeviceVoice(synth).speak('Hola', 'es-ES');
    expect(spoken[0]?.lang).toBe('es-ES');
    expect(spoken[0]?.voice?.name).toBe('Monica');
  });

  it('drops the backlog and says the newest line when it falls behind', () => {
    const { synth, spoken, raw } = fakeSynth();
    const voice = new DeviceVoice(synth);
    for (const n of [1, 2, 3]) voice.speak(`line ${n}`, 'en-AU');
    expect(raw.cancel).not.toHaveBeenCalled();
    voice.speak('line 4', 'en-AU');
    expect(raw.cancel).toHaveBeenCalledTimes(1);
    expect(spoken.at(-1)?.text).toBe('line 4');
    // Lines cancelled earlier finishing late do not confuse the count.
    spoken[0]?.onend?.(new Event('end') as SpeechSynthesisEvent);
    voice.speak('line 5', 'en-AU');
    expect(raw.cancel).toHaveBeenCalledTimes(1);
  });

  it('picks a voice of the same language when the exact locale is missing', () => {
    const { synth } = fakeSynth();
    expect(pickVoice(synth.getVoices(), 'es-MX')?.name).toBe('Paulina');
    expect(pickVoice(synth.getVoices(), 'en-US')?.name).toBe('Karen');
    expect(pickVoice(synth.getVoices(), 'ar-SA')).toBeUndefined();
  });
});
