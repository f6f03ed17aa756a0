import { startSpeechLoopback, type MockSpeechEngine, type SpeechLoopbackOptions } from './speech-loopback';

/**
 * Loopback Deepgram, AssemblyAI and OpenAI-realtime transcription servers, each speaking its
 * engine's public wire format (SPEECH-AND-TRANSLATION.md) and answering from a script timed to
 * the audio received (speech-script.ts).
 */
export const MOCK_DEEPGRAM_KEY = 'dg-test-key-0001';
export const MOCK_ASSEMBLYAI_KEY = 'aai-test-key-0001';
export const MOCK_OPENAI_REALTIME_KEY = 'sk-realtime-test-0001';

/**
 * Deepgram as documented (decision 043): any chunk size; closes a stream that gets neither audio
 * nor KeepAlive for 10 s with NET-0001 (1011); a wrong key is a 401 at the upgrade, so a key
 * revoked mid-sermon ends the stream (1011) and the next upgrade is refused.
 */
export function startMockDeepgram(options: SpeechLoopbackOptions): Promise<MockSpeechEngine> {
  return startSpeechLoopback({
    limits: { idleCloseMs: 10_000 },
    keepsAlive: (m) => m.type === 'KeepAlive',
    refuse: (ws, why, detail) => ws.close(1011, why === 'idle' ? `NET-0001: ${detail}` : `NET-0000: ${detail}`),
    authorised: (req) => req.headers.authorization === `Token ${MOCK_DEEPGRAM_KEY}`,
    refusal: JSON.stringify({ err_code: 'INVALID_AUTH', err_msg: 'Invalid credentials.', request_id: 'loopback' }),
    audioOf: (data, isBinary) => (isBinary ? data : null),
    ends: (m) => m.type === 'CloseStream',
    result: (e) => [{
      type: 'Results', channel_index: [0, 1], is_final: e.final, speech_final: e.final,
      start: 0, duration: e.endMs / 1000,
      // Words timed as Deepgram times them (seconds of the stream): the first where the sentence began.
      channel: { alternatives: [{ transcript: e.text, confidence: 0.98, words: e.text.split(' ').map((word, i) => ({ word, start: (i === 0 ? e.startMs : e.endMs) / 1000, end: e.endMs / 1000, confidence: 0.98 })) }] },
    }],
    closing: (ws) => ws.send(JSON.stringify({ type: 'Metadata', request_id: 'loopback' })),
  }, options);
}

/**
 * AssemblyAI Universal-Streaming v3 as documented (SPEECH-AND-TRANSLATION.md, decision 043): every
 * chunk 50–1,000 ms, else an error and a close 3007 "Input Duration Violation"; audio no faster
 * than about real time (here: 2 s ahead at most, then 1.5 ×), else a close 4029; a wrong key is an
 * error frame and a close 1008 after the upgrade; a silent stream closed with 4031.
 */
export function startMockAssemblyAI(options: SpeechLoopbackOptions): Promise<MockSpeechEngine> {
  return startSpeechLoopback({
    limits: { minChunkMs: 50, maxChunkMs: 1000, pace: { rate: 1.5, burstMs: 2000 }, idleCloseMs: 30_000 },
    authAfterUpgrade: true,
    refuse: (ws, why, detail) => {
      const [code, words] = why === 'chunk' ? [3007, 'Input Duration Violation'] : why === 'pace' ? [4029, 'Client sent audio too fast']
        : why === 'auth' ? [1008, 'Unauthorized connection'] : [4031, 'Session idle for too long'];
      ws.send(JSON.stringify({ type: 'Error', error: `${words}: ${detail}`, error_code: code }));
      ws.close(code, words);
    },
    authorised: (req) => req.headers.authorization === MOCK_ASSEMBLYAI_KEY,
    refusal: JSON.stringify({ error: 'Invalid API key' }),
    audioOf: (data, isBinary) => (isBinary ? data : null),
    ends: (m) => m.type === 'Terminate',
    opened: (ws) => ws.send(JSON.stringify({ type: 'Begin', id: 'loopback', expires_at: Math.floor(Date.now() / 1000) + 3600 })),
    result: (e, turn) => [{
      type: 'Turn', turn_order: turn, end_of_turn: e.final, turn_is_formatted: false, transcript: e.text,
      end_of_turn_confidence: e.final ? 0.9 : 0.1,
      words: e.text.split(' ').map((text, i, all) => ({ text, word_is_final: e.final, start: i === 0 ? e.startMs : 0, end: i === all.length - 1 ? e.endMs : 0, confidence: 0.9 })),
    }],
    closing: (ws) => ws.send(JSON.stringify({ type: 'Termination', audio_duration_seconds: 0, session_duration_seconds: 0 })),
  }, options);
}

/**
 * The realtime transcription server sends the older field names (`transcript`, `delta`) unless
 * `fieldNames: 'text'`, which sends `text` in both: the client reads either.
 */
export function startMockOpenAIRealtime(options: SpeechLoopbackOptions & { fieldNames?: 'classic' | 'text' }): Promise<MockSpeechEngine> {
  return startSpeechLoopback({
    authorised: (req, url) => req.headers.authorization === `Bearer ${MOCK_OPENAI_REALTIME_KEY}` && url.pathname === '/v1/realtime' && url.searchParams.get('intent') === 'transcription',
    // A key revoked mid-stream: an `error` event with its code, then the close (the reference's error event).
    refuse: (ws, why, detail) => {
      const code = why === 'auth' ? 'invalid_api_key' : 'server_error';
      ws.send(JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', code, message: why === 'auth' ? `Incorrect API key provided (${detail}).` : `The server had an error (${detail}).` } }));
      ws.close(1008, code);
    },
    refusal: JSON.stringify({ error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } }),
    audioOf: (_data, _isBinary, m) => {
      if (m?.type !== 'input_audio_buffer.append' || typeof m.audio !== 'string') return null;
      return from24k(Buffer.from(m.audio, 'base64'));
    },
    ends: () => false,
    opened: (ws) => ws.send(JSON.stringify({ type: 'transcription_session.created', session: {} })),
    result: (e, turn, state) => {
      const item_id = `item_${turn}`;
      const text = options.fieldNames === 'text';
      if (!e.final) {
        const delta = e.text.slice(state.said.length);
        // Voice detection tells where the phrase began, before its first words.
        const started = state.said === '' ? [{ type: 'input_audio_buffer.speech_started', item_id, audio_start_ms: e.startMs }] : [];
        state.said = e.text;
        return [...started, { type: 'conversation.item.input_audio_transcription.delta', item_id, ...(text ? { text: delta } : { delta }) }];
      }
      state.said = '';
      return [
        { type: 'input_audio_buffer.speech_stopped', item_id, audio_end_ms: e.endMs },
        { type: 'conversation.item.input_audio_transcription.completed', item_id, ...(text ? { text: e.text } : { transcript: e.text }) },
      ];
    },
  }, options);
}

/** Back from 24 kHz to the 16 kHz the script reads: every third sample of each pair of three is dropped. */
function from24k(pcm: Buffer): Buffer {
  const n = Math.floor((pcm.length >> 1) * 2 / 3);
  const out = Buffer.alloc(n * 2);
  for (let i = 0; i < n; i++) out.writeInt16LE(pcm.readInt16LE(Math.round(i * 1.5) * 2), i * 2);
  return out;
}
