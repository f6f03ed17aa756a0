import { execFileSync } from 'node:child_process';

/**
 * A sound server for the browsers to play into (decision 049): WebKitGTK's GStreamer and Firefox
 * play through PulseAudio, and a machine with no sound card has none. A null sink takes what they
 * play; the ear in the page hears it before that.
 */
export default function startSound(): void {
  const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { stdio: 'ignore' });
  try {
    run('pactl', ['info']);
    return;
  } catch {
    // No server answers: start one.
  }
  try {
    run('pulseaudio', ['--start', '--exit-idle-time=-1']);
    run('pactl', ['load-module', 'module-null-sink', 'sink_name=journeys']);
    run('pactl', ['set-default-sink', 'journeys']);
  } catch (err) {
    console.warn(`No PulseAudio: the browsers may play no sound (${String(err)})`);
  }
}
