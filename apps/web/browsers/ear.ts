/**
 * An ear inside the listener's page for the cross-browser journeys (decision 049): every media
 * element the page plays is routed through Web Audio to a script processor that finds the
 * word-tones of the loopback voice (server/test/mock-azure/spoken-audio.ts) and notes when each
 * began, in page time. The Chromium journeys' ear (e2e/voice-ear.ts) runs in an AudioWorklet,
 * loaded from a blob: the page's content policy refuses that where the driver cannot lift it
 * (WebDriver BiDi, classic WebDriver), and nothing of this one is a separate module.
 *
 * A string, not a function: it is sent to the page as it is (a compiled function may call helpers
 * the page lacks). Installed after the page loads and before the voice is turned on: the page
 * makes its audio element only then.
 */
export function earScript(tones: number[]): string {
  return `(() => {
  if (window.__heard) return;
  const TONES = ${JSON.stringify(tones)};
  window.__heard = []; window.__played = []; window.__loudMs = 0;
  // The ear's context is made and let run before the voice starts: an element routed into a
  // context that is still opening its output (Firefox: about 2 s on a PulseAudio sink) is heard only
  // once it runs, a delay that is the ear's and not the page's. The journey taps the page first, as a
  // guest choosing a language does, so the context may sound.
  const earContext = (window.__earContext ??= new AudioContext());
  void earContext.resume();
  document.addEventListener('pointerdown', () => void earContext.resume(), { capture: true });
  const wired = new WeakSet();
  const originalPlay = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function play() {
    if (!window.__played.includes(this)) window.__played.push(this);
    if (!wired.has(this)) {
      wired.add(this);
      // What the element did and held, for a journey's DEBUG_EAR output.
      window.__events = [];
      const held = () => { const b = this.buffered; return b.length ? +(b.end(b.length - 1) - this.currentTime).toFixed(2) : 0; };
      for (const type of ['waiting', 'playing', 'ratechange', 'seeking', 'stalled']) {
        this.addEventListener(type, () => window.__events.push([type, Date.now(), held(), this.playbackRate]));
      }
      const ctx = earContext;
      const source = ctx.createMediaElementSource(this);
      const size = 1024;
      const node = ctx.createScriptProcessor(size, 1, 1);
      // Word-tones are looked for in windows of about 20 ms (as the Chromium ear's 960 samples at 48 kHz).
      const win = Math.round(ctx.sampleRate * 0.02);
      const buf = new Float32Array(win);
      let n = 0, current = null, run = 0, frame = 0;
      node.onaudioprocess = (e) => {
        const input = e.inputBuffer.getChannelData(0);
        e.outputBuffer.getChannelData(0).set(input);
        for (let i = 0; i < input.length; i++) {
          buf[n++] = input[i];
          frame++;
          if (n === win) { look(e.playbackTime + (i - input.length + 1) / ctx.sampleRate); n = 0; }
        }
      };
      // playbackTime is when this block is heard: in page time through the context's clock. The
      // output timestamp pairs the context's clock with the page's where it is true; WebKitGTK's
      // performanceTime reads as its contextTime (in ms) plus performance.now() (measured: 5476 at
      // contextTime 2.09 s and performance.now() 3387), which made every word seem heard later than
      // the one before (a 19 s median where the element held under 2 s). A stamp not of the last
      // moment of output is not used: the context's own time and output latency are.
      const pageTime = (contextTime) => {
        const stamp = ctx.getOutputTimestamp ? ctx.getOutputTimestamp() : {};
        const age = performance.now() - (stamp.performanceTime ?? Infinity);
        if (stamp.contextTime !== undefined && age >= -5 && age < 250) {
          return Date.now() - age + (contextTime - stamp.contextTime) * 1000;
        }
        return Date.now() + (contextTime - ctx.currentTime + (ctx.outputLatency || ctx.baseLatency || 0)) * 1000;
      };
      const look = (endTime) => {
        let energy = 0;
        for (let i = 0; i < win; i++) energy += buf[i] * buf[i];
        if (Math.sqrt(energy / win) > 0.02) window.__loudMs += 20;
        let best = 0, bestTone = null;
        for (const hz of TONES) {
          const k = 2 * Math.cos(2 * Math.PI * hz / ctx.sampleRate);
          let s1 = 0, s2 = 0;
          for (let i = 0; i < win; i++) { const s0 = buf[i] + k * s1 - s2; s2 = s1; s1 = s0; }
          const p = (s1 * s1 + s2 * s2 - k * s1 * s2) / (win * win);
          if (p > best) { best = p; bestTone = hz; }
        }
        const tone = best > 0.002 ? bestTone : null;
        if (tone !== null && tone === current) {
          run++;
          if (run === 2) window.__heard.push({ tone, at: pageTime(endTime - 0.04) });
        } else { current = tone; run = 1; }
      };
      source.connect(node).connect(ctx.destination);
      void ctx.resume();
    }
    return originalPlay.call(this);
  };
})();`;
}
