import { spawn } from 'node:child_process';
import { naturalVoice, streamFrames } from '../../lib/audio/voice-audio';
import type { SpeechSynthesizer } from './speech';
import { SpeechError } from './speech-error';

export interface EspeakOptions {
  /** The program; `espeak-ng` on the PATH unless ESPEAK_NG_PATH says otherwise. */
  command?: string;
  /** A piece is a sentence or two: eSpeak NG says it in milliseconds, so a stuck program is killed soon. */
  timeoutMs?: number;
}

export const ESPEAK_MISSING = 'eSpeak NG is not installed on the server: apt-get install espeak-ng';
/** Most audio taken from one run (a piece is seconds long; 10 MB of WAV is minutes). */
const MAX_OUTPUT_BYTES = 10 * 1024 * 1024;

/**
 * eSpeak NG, the built-in voice that needs no service (decision 040). It is GPL, so it runs as a
 * program of its own (Debian's `espeak-ng`), never linked into the server: the text goes in on
 * stdin (no shell, nothing the text says can become an option), the WAV comes out on stdout and is
 * encoded to MP3 in the voice stream's own format, as every engine's clip is.
 */
export class EspeakSynthesizer implements SpeechSynthesizer {
  constructor(private readonly opts: EspeakOptions = {}) {}

  async synthesize(text: string, _locale: string, voiceId: string): Promise<Buffer> {
    const wav = await this.run(['-v', voiceId, '-b', '1', '--stdin', '--stdout'], text);
    let natural: Float32Array;
    try {
      natural = await naturalVoice(wav);
    } catch (err) {
      throw new SpeechError(`eSpeak NG wrote no audio (${err instanceof Error ? err.message : String(err)})`, undefined, 'bad_answer');
    }
    const { frames } = await streamFrames(natural, 1);
    return Buffer.concat(frames);
  }

  private run(args: string[], input: string): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.opts.command ?? 'espeak-ng', args, { stdio: ['pipe', 'pipe', 'pipe'], timeout: this.opts.timeoutMs ?? 10_000 });
      const out: Buffer[] = [];
      let size = 0;
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_OUTPUT_BYTES) child.kill('SIGKILL');
        else out.push(chunk);
      });
      child.stderr.on('data', (chunk: Buffer) => { stderr = (stderr + chunk.toString('utf8')).slice(-300); });
      child.on('error', (err: NodeJS.ErrnoException) => {
        reject(err.code === 'ENOENT' ? new SpeechError(ESPEAK_MISSING, undefined, 'not_installed') : new SpeechError(`eSpeak NG could not start: ${err.message}`, undefined, 'server'));
      });
      child.on('close', (code, signal) => {
        if (signal) return reject(new SpeechError(`eSpeak NG was stopped (${signal}): it took too long`, undefined, 'timeout'));
        if (code !== 0) return reject(new SpeechError(`eSpeak NG failed: ${stderr.trim() || `exit code ${code}`}`, undefined, 'refused'));
        resolve(Buffer.concat(out));
      });
      // A program that exits before reading (a wrong voice) closes stdin: that is reported by 'close'.
      child.stdin.on('error', () => undefined);
      child.stdin.end(input, 'utf8');
    });
  }
}
