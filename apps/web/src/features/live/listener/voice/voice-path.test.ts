import { describe, expect, it } from 'vitest';
import { voicePathFor } from './voice-path';

const mse = (types: string[], inWorker: boolean) => ({ canConstructInDedicatedWorker: inWorker, isTypeSupported: (t: string) => types.includes(t) });
const Worker = class {};
const AudioDecoder = class {};
const AudioContext = class {};

describe('how a browser plays the voice, by what it can do', () => {
  it('feeds from a worker wherever Media Source in a worker takes MP3, whatever the browser calls itself', () => {
    // Chromium, headless or not: its user agent is never read.
    expect(voicePathFor({ MediaSource: mse(['audio/mpeg'], true), Worker, AudioDecoder, AudioContext })).toBe('worker');
  });

  it('uses Managed Media Source on the page where there is no worker Media Source (Safari 17.1+, WebKitGTK)', () => {
    expect(voicePathFor({ MediaSource: mse(['audio/mpeg'], false), ManagedMediaSource: mse(['audio/mpeg'], false), Worker, AudioDecoder, AudioContext })).toBe('managed');
  });

  it('uses Media Source on the page where that is all there is, and in a worker only for MP3', () => {
    expect(voicePathFor({ MediaSource: mse(['audio/mpeg'], false), Worker })).toBe('page');
    expect(voicePathFor({ MediaSource: mse(['audio/mp4'], true), ManagedMediaSource: mse(['audio/mpeg'], false), Worker })).toBe('managed');
  });

  it('gives Media Source the frames in MP4 where it takes MP3 only in that container (Firefox)', () => {
    expect(voicePathFor({ MediaSource: mse(['audio/mp4; codecs="mp3"', 'audio/webm; codecs="opus"'], false), Worker, AudioDecoder, AudioContext })).toBe('remuxed');
  });

  it('decodes the stream itself where Media Source takes MP3 in no container but WebCodecs decodes it', () => {
    expect(voicePathFor({ MediaSource: mse(['audio/mp4; codecs="mp4a.40.2"', 'audio/webm'], false), Worker, AudioDecoder, AudioContext })).toBe('decoded');
  });

  it('leaves the element to load the stream where nothing else is there, or a check throws', () => {
    expect(voicePathFor({})).toBe('plain');
    const throwing = { canConstructInDedicatedWorker: true, isTypeSupported: () => { throw new Error('no'); } };
    expect(voicePathFor({ MediaSource: throwing, Worker })).toBe('plain');
  });
});
