/**
 * An ear inside the phone's page (decision 039): every media element the page plays is routed
 * through Web Audio to an AudioWorklet that, on the audio thread (which keeps running when the
 * page's scripts are frozen), finds the word-tones of the loopback voice
 * (server/test/mock-azure/spoken-audio.ts) and notes when each began, in page time, and counts the
 * milliseconds of any sound loud enough to be speech (a voice that is not made of tones, eSpeak NG's).
 * Runs as an init script: it must stand between the page and its audio before anything plays.
 */
export function installVoiceEar(tones: number[]) {
  const w = window as unknown as {
    __heard: Array<{ tone: number; at: number }>;
    __runs: Array<{ tone: number; at: number; ms: number }>;
    __loudMs: number;
    __audioContext?: AudioContext;
    __played: HTMLMediaElement[];
  };
  w.__played = [];
  w.__heard = [];
  w.__runs = [];
  w.__loudMs = 0;
  const processor = `
    const TONES = ${JSON.stringify(tones)};
    class Ear extends AudioWorkletProcessor {
      constructor() { super(); this.buf = new Float32Array(960); this.n = 0; this.current = null; this.run = 0; this.heard = []; this.runs = []; this.loud = 0; }
      process(inputs, outputs) {
        const input = inputs[0] && inputs[0][0];
        if (outputs[0] && outputs[0][0] && input) outputs[0][0].set(input);
        if (!input) return true;
        for (let i = 0; i < input.length; i++) {
          this.buf[this.n++] = input[i];
          if (this.n === this.buf.length) { this.window(); this.n = 0; }
        }
        return true;
      }
      window() {
        let energy = 0;
        for (let i = 0; i < this.buf.length; i++) energy += this.buf[i] * this.buf[i];
        // RMS over 0.02: speech, not the stream's silence.
        if (Math.sqrt(energy / this.buf.length) > 0.02) { this.loud++; this.port.postMessage({ loudMs: this.loud * 1000 * this.buf.length / sampleRate }); }
        let best = 0, bestTone = null;
        for (const hz of TONES) {
          const k = 2 * Math.cos(2 * Math.PI * hz / sampleRate);
          let s1 = 0, s2 = 0;
          for (let i = 0; i < this.buf.length; i++) { const s0 = this.buf[i] + k * s1 - s2; s2 = s1; s1 = s0; }
          const p = (s1 * s1 + s2 * s2 - k * s1 * s2) / (this.buf.length * this.buf.length);
          if (p > best) { best = p; bestTone = hz; }
        }
        const tone = best > 0.002 ? bestTone : null;
        if (tone !== null && tone === this.current) {
          this.run++;
          // Kept on the audio thread and sent whole each time: a page whose scripts are frozen
          // misses messages, not words.
          if (this.run === 2) { this.heard.push({ tone, frame: currentFrame - 2 * this.buf.length }); this.port.postMessage(this.heard); }
        } else {
          // Every tone held two windows or more, and for how long: a word cut short, or a piece
          // of one played again, is a run much shorter than a word (a scrap).
          if (this.current !== null && this.run >= 2) {
            this.runs.push({ tone: this.current, frame: currentFrame - (this.run + 1) * this.buf.length, windows: this.run });
            this.port.postMessage({ runs: this.runs });
          }
          this.current = tone; this.run = 1;
        }
      }
    }
    registerProcessor('voice-ear', Ear);`;
  const url = URL.createObjectURL(new Blob([processor], { type: 'application/javascript' }));
  const wired = new WeakSet<HTMLMediaElement>();
  const originalPlay = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
    if (!w.__played.includes(this)) w.__played.push(this);
    if (!wired.has(this)) {
      wired.add(this);
      const ctx = (w.__audioContext ??= new AudioContext());
      const source = ctx.createMediaElementSource(this);
      void ctx.audioWorklet.addModule(url).then(() => {
        const ear = new AudioWorkletNode(ctx, 'voice-ear');
        // Audio-thread frames to page time: the context's clock against performance.now().
        type Message = Array<{ tone: number; frame: number }> | { loudMs: number } | { runs: Array<{ tone: number; frame: number; windows: number }> };
        ear.port.onmessage = (e: MessageEvent<Message>) => {
          const stamp = ctx.getOutputTimestamp();
          const nowAt = Date.now() - (performance.now() - (stamp.performanceTime ?? performance.now()));
          const pageTime = (frame: number) => nowAt - ((stamp.contextTime ?? 0) - frame / ctx.sampleRate) * 1000;
          if (Array.isArray(e.data)) w.__heard = e.data.map((h) => ({ tone: h.tone, at: pageTime(h.frame) }));
          else if ('runs' in e.data) w.__runs = e.data.runs.map((r) => ({ tone: r.tone, at: pageTime(r.frame), ms: (r.windows * 960 * 1000) / ctx.sampleRate }));
          else w.__loudMs = e.data.loudMs;
        };
        source.connect(ear).connect(ctx.destination);
      });
      void ctx.resume();
    }
    return originalPlay.call(this);
  };
}
