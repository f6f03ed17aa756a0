/**
 * The speaker's microphone as the server's recognition engines take it (decision 038): mono PCM16
 * at 16 kHz in 100 ms frames, posted to the page. Runs in the AudioWorklet scope, at whatever rate
 * the device's audio context runs (Firefox cannot connect a microphone to a 16 kHz context), so it
 * averages the samples of each 1/16000 s to bring them down.
 */
declare const sampleRate: number;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(name: string, ctor: new () => AudioWorkletProcessor): void;

const TARGET_RATE = 16_000;
const FRAME_SAMPLES = 1600;

class PcmCapture extends AudioWorkletProcessor {
  private readonly step = sampleRate / TARGET_RATE;
  private frame = new Int16Array(FRAME_SAMPLES);
  private filled = 0;
  private sum = 0;
  private count = 0;
  private position = 0;

  process(inputs: Float32Array[][]): boolean {
    const channel = inputs[0]?.[0];
    if (!channel) return true;
    for (let i = 0; i < channel.length; i++) {
      this.sum += channel[i]!;
      this.count++;
      this.position++;
      if (this.position < this.step) continue;
      this.position -= this.step;
      const value = Math.max(-1, Math.min(1, this.sum / this.count));
      this.frame[this.filled++] = value < 0 ? value * 0x8000 : value * 0x7fff;
      this.sum = 0;
      this.count = 0;
      if (this.filled === FRAME_SAMPLES) {
        this.port.postMessage(this.frame.buffer, [this.frame.buffer]);
        this.frame = new Int16Array(FRAME_SAMPLES);
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor('pcm-capture', PcmCapture);
