import { beforeEach, describe, expect, it } from 'vitest';
import { Outbox, newClientId, outboxKey } from './outbox';

const sermonId = '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';

describe('speaker outbox', () => {
  beforeEach(() => localStorage.clear());

  it('keeps lines in the order they were said', () => {
    const box = new Outbox(sermonId);
    box.add('First line.');
    box.add('Second line.');
    box.add('Third line.');
    expect(box.list().map((l) => l.text)).toEqual(['First line.', 'Second line.', 'Third line.']);
  });

  it('still has the waiting lines after a reload of the page', () => {
    const before = new Outbox(sermonId);
    before.add('Said while offline.');
    before.add('Also offline.');
    const afterReload = new Outbox(sermonId);
    expect(afterReload.list().map((l) => l.text)).toEqual(['Said while offline.', 'Also offline.']);
    expect(afterReload.list()[0]!.clientId).toBe(before.list()[0]!.clientId);
  });

  it('removes a line only when its ack arrives, and forgets the sermon when all are sent', () => {
    const box = new Outbox(sermonId);
    const a = box.add('One.');
    const b = box.add('Two.');
    box.remove(a.clientId);
    expect(new Outbox(sermonId).list().map((l) => l.text)).toEqual(['Two.']);
    box.remove(b.clientId);
    expect(localStorage.getItem(outboxKey(sermonId))).toBeNull();
  });

  it('keeps when each line was said through a reload, a typed line timed when it was added', () => {
    const before = new Outbox(sermonId);
    before.add('Recognised.', undefined, undefined, 1_700_000_000_000);
    const typedFrom = Date.now();
    before.add('Typed.');
    const [said, typed] = new Outbox(sermonId).list();
    expect(said!.startedAt).toBe(1_700_000_000_000);
    expect(typed!.startedAt).toBeGreaterThanOrEqual(typedFrom);
    expect(typed!.startedAt).toBeLessThanOrEqual(Date.now());
  });

  it('keeps each sermon apart', () => {
    new Outbox(sermonId).add('Here.');
    expect(new Outbox('another-sermon').size).toBe(0);
  });

  it('survives a damaged stored value', () => {
    localStorage.setItem(outboxKey(sermonId), '{not json');
    expect(new Outbox(sermonId).size).toBe(0);
  });

  it('makes client ids the server accepts (8 to 64 characters) and never the same twice', () => {
    const ids = new Set(Array.from({ length: 50 }, newClientId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id.length).toBeGreaterThanOrEqual(8);
  });
});
