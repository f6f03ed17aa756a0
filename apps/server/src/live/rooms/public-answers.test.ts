import { describe, expect, it } from 'vitest';
import { MAX_AGE_MS, PublicAnswers } from './public-answers';

/** A read the test finishes when it wants, counting how often the database would have been asked. */
function reader() {
  let reads = 0;
  const pending: Array<(value: string) => void> = [];
  return {
    get reads() {
      return reads;
    },
    load: (churchId: string, opts: { expiresAt?: number } = {}) => () => {
      reads++;
      return new Promise<{ value: string; churchId: string; expiresAt?: number }>((resolve) => {
        pending.push((value) => resolve({ value, churchId, ...opts }));
      });
    },
    finish: (value: string) => pending.shift()!(value),
  };
}

describe('public answers kept in memory', () => {
  it('answers a crowd asking at once with one read, then from memory', async () => {
    const answers = new PublicAnswers();
    const db = reader();
    const crowd = Array.from({ length: 2000 }, () => answers.get('lobby:grace', db.load('church-a')));
    db.finish('lobby of A');
    expect(new Set(await Promise.all(crowd))).toEqual(new Set(['lobby of A']));
    expect(await answers.get('lobby:grace', db.load('church-a'))).toBe('lobby of A');
    expect(db.reads).toBe(1);
  });

  it('forgets only the changed church, and never keeps a read that started before the change', async () => {
    const answers = new PublicAnswers();
    const db = reader();
    const a = answers.get('lobby:grace', db.load('church-a'));
    db.finish('A before');
    const b = answers.get('lobby:hope', db.load('church-b'));
    db.finish('B');
    await Promise.all([a, b]);

    expect(await answers.get('lobby:grace', db.load('church-a'))).toBe('A before');
    // A read of A starts (A changed), A changes again while it runs: its waiter gets what it read,
    // nobody after.
    answers.changed('church-a');
    const during = answers.get('lobby:grace', db.load('church-a'));
    answers.changed('church-a');
    db.finish('A read before the change');
    expect(await during).toBe('A read before the change');
    const after = answers.get('lobby:grace', db.load('church-a'));
    db.finish('A after');
    expect(await after).toBe('A after');
    expect(await answers.get('lobby:grace', db.load('church-a'))).toBe('A after');
    // B was not forgotten: no read.
    const reads = db.reads;
    expect(await answers.get('lobby:hope', db.load('church-b'))).toBe('B');
    expect(db.reads).toBe(reads);
  });

  it('a change asks the other processes to forget too; their message forgets here without echoing', async () => {
    const sent: Array<string | null> = [];
    const answers = new PublicAnswers();
    answers.broadcast = (churchId) => sent.push(churchId);
    const db = reader();
    const first = answers.get('sermon:ABCD', db.load('church-a'));
    db.finish('sermon');
    await first;
    answers.forget('church-a');
    expect(sent).toEqual([]);
    answers.changed(null);
    expect(sent).toEqual([null]);
    const again = answers.get('sermon:ABCD', db.load('church-a'));
    db.finish('sermon again');
    expect(await again).toBe('sermon again');
    expect(db.reads).toBe(2);
  });

  it('reads again when the answer says it goes stale, and after MAX_AGE_MS at the latest', async () => {
    let now = 1_000_000;
    const answers = new PublicAnswers(() => now);
    const db = reader();
    const live = answers.get('sermon:LIVE', db.load('church-a', { expiresAt: now + 1000 }));
    db.finish('count 1');
    await live;
    now += 999;
    expect(await answers.get('sermon:LIVE', db.load('church-a'))).toBe('count 1');
    now += 1;
    const refreshed = answers.get('sermon:LIVE', db.load('church-a'));
    db.finish('count 2');
    expect(await refreshed).toBe('count 2');

    const lobby = answers.get('lobby:grace', db.load('church-a'));
    db.finish('lobby');
    await lobby;
    now += MAX_AGE_MS - 1;
    expect(await answers.get('lobby:grace', db.load('church-a'))).toBe('lobby');
    now += 1;
    const reread = answers.get('lobby:grace', db.load('church-a'));
    db.finish('lobby reread');
    expect(await reread).toBe('lobby reread');
  });

  it('keeps nothing for an unknown key, and nothing from a failed read', async () => {
    const answers = new PublicAnswers();
    let reads = 0;
    expect(await answers.get('lobby:nope', async () => (reads++, null))).toBeNull();
    expect(await answers.get('lobby:nope', async () => (reads++, null))).toBeNull();
    expect(reads).toBe(2);
    await expect(answers.get('lobby:x', async () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await answers.get('lobby:x', async () => ({ value: 'back', churchId: 'c' }))).toBe('back');
    expect(answers.size).toBe(1);
  });
});
