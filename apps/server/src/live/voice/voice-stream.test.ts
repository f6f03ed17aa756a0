import { describe, expect, it } from 'vitest';
import { liveEvents, sermonVoicePath, type VoicePiece, type VoiceStatus } from '@app/shared';
import { azureChurchLive } from '../../../test/helpers/azure-church-live';
import { eventually, ok, record } from '../../../test/helpers/live-kit';
import { decodeMp3, hearWords, sayLine, tuneIn } from '../../../test/helpers/voice-ear';
import { toneOf } from '../../../test/mock-azure/spoken-audio';

/**
 * The listeners' voice as a phone hears it (decision 039): one continuous MP3 stream per language,
 * fed from the server, carrying every settled piece once and in order, through real sockets and a
 * real HTTP connection, against the loopback Azure whose voices last as long as real speech.
 */
const church = azureChurchLive({ translation: 'words', voice: 'spoken' }, { otherChurchLanguages: true });
const { live } = church;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the voice stream', () => {
  it('plays every settled word once and in order, soon after it is settled, in one continuous stream', async () => {
    const sermon = await live.goLive();
    const sp = await live.speaker(sermon);
    const pt = await live.listener(sermon, 'pt', { voice: 'female' });
    const pieces = record<VoicePiece>(pt.socket, liveEvents.voicePiece);
    const status = record<VoiceStatus>(sp, liveEvents.voiceStatus);
    const ear = await tuneIn(church.url + sermonVoicePath(sermon.id, 'pt', 'female'), church.cast.member.cookie);
    expect(ear.res.status).toBe(200);
    expect(ear.res.headers.get('content-type')).toBe('audio/mpeg');
    const tunedAt = Date.now();

    ok(await sayLine(sp, sermon.id, 1, 'grace and peace to you all from god our father'));
    ok(await sayLine(sp, sermon.id, 2, 'today we read from the book of ruth'));
    await eventually(() => expect(pt.finals()).toHaveLength(2), 5000);
    await pause(6000);
    await ear.stop();
    const streamedS = (Date.now() - tunedAt) / 1000;
    // A phone's stream, speech and silence together, at most 32 kbit/s (decision 045).
    expect((ear.bytes().length * 8) / 1000 / streamedS).toBeLessThanOrEqual(32);

    const said = pt.finals().flatMap((c) => c.text.split(/\s+/));
    const { samples, sampleRate } = await decodeMp3(ear.bytes());
    // Never silent for long: the stream is continuous (about real time, plus its priming).
    expect(samples.length / sampleRate).toBeGreaterThan(streamedS - 1.5);
    const heard = hearWords(samples, sampleRate);
    expect(heard.map((h) => h.tone)).toEqual(said.map(toneOf));
    // Each piece was synthesised once, for the one voice listened to.
    expect(church.mock.stats.counts.tts).toBe(pieces.length);
    expect(status.length).toBeGreaterThan(0);
    expect(status.every((s) => s.rate >= 1 && s.rate <= 1.3)).toBe(true);
    // What was said of a line is kept as its clip, for listening again, without a second synthesis.
    const clip = await fetch(`${church.url}/api/v1/sermons/${sermon.id}/audio/1/pt/female.mp3`, { headers: { cookie: church.cast.member.cookie } });
    expect(clip.status).toBe(200);
    const line = await decodeMp3(new Uint8Array(await clip.arrayBuffer()));
    expect(hearWords(line.samples, line.sampleRate).map((h) => h.tone)).toEqual(pt.finals()[0]!.text.split(/\s+/).map(toneOf));
    expect(church.mock.stats.counts.tts).toBe(pieces.length);
  }, 40_000);

  it('ends with the sermon', async () => {
    const sermon = await live.goLive();
    await live.speaker(sermon);
    const ear = await tuneIn(church.url + sermonVoicePath(sermon.id, 'es', 'male'), church.cast.member.cookie);
    const end = await church.t.app.inject({ method: 'POST', url: `/api/v1/sermons/${sermon.id}/end`, headers: { cookie: church.cast.churchAdmin.cookie } });
    expect(end.statusCode).toBeLessThan(300);
    const done = await Promise.race([ear.finished.then(() => true), pause(3000).then(() => false)]);
    expect(done).toBe(true);
    const again = await fetch(church.url + sermonVoicePath(sermon.id, 'es', 'male'), { headers: { cookie: church.cast.member.cookie } });
    expect(again.status).toBe(404);
  });

  it('leaves the priming silence out for a page that feeds its element itself (prime=0)', async () => {
    const sermon = await live.goLive();
    await live.speaker(sermon);
    const opening = async (query: string) => {
      const ear = await tuneIn(`${church.url}${sermonVoicePath(sermon.id, 'pt', 'female')}${query}`, church.cast.member.cookie);
      expect(ear.res.status).toBe(200);
      await pause(150);
      await ear.stop();
      const { samples, sampleRate } = await decodeMp3(ear.bytes());
      return samples.length / sampleRate;
    };
    // Primed: 70 frames (1.68 s) at once, then the write-ahead; unprimed: the write-ahead only.
    expect(await opening('?s=a1')).toBeGreaterThan(1.6);
    expect(await opening('?s=a2&prime=0')).toBeLessThan(1);
    const bad = await fetch(`${church.url}${sermonVoicePath(sermon.id, 'pt', 'female')}?prime=maybe`, { headers: { cookie: church.cast.member.cookie } });
    expect(bad.status).toBe(400);
  });

  it('answers 404 for another church’s members-only sermon, an unknown sermon or a language it does not offer', async () => {
    const other = await live.goLive(church.cast.otherStaff.cookie, church.cast.otherChurch.id);
    await church.t.ctx.db.execute(`update churches set guests_may_listen = false where id = '${church.cast.otherChurch.id}'`);
    const { liveFor } = await import('../live-service');
    const room = liveFor(church.t.ctx).room(other.id);
    if (room) room.guestsMayListen = false;
    const stranger = await fetch(church.url + sermonVoicePath(other.id, 'pt', 'female'), { headers: { cookie: church.cast.member.cookie } });
    expect(stranger.status).toBe(404);
    const guest = await fetch(church.url + sermonVoicePath(other.id, 'pt', 'female'));
    expect(guest.status).toBe(401);
    const unknown = await fetch(church.url + sermonVoicePath('00000000-0000-4000-8000-000000000000', 'pt', 'female'));
    expect(unknown.status).toBe(404);
    const sermon = await live.goLive();
    const klingon = await fetch(church.url + sermonVoicePath(sermon.id, 'tlh', 'female'), { headers: { cookie: church.cast.member.cookie } });
    expect(klingon.status).toBe(404);
  });
});
