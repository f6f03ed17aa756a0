import { describe, expect, it } from 'vitest';
import { StandbyWords } from './standby-words';

describe('the browser standing by takes over from the last word the phones have (decision 060)', () => {
  it('sends only the words of the phrase going on after the phones’ words, then the rest of that phrase as it grows', () => {
    const w = new StandbyWords();
    w.interim('and Paul wrote to the church');
    w.interim('and Paul wrote to the church in Corinth that');
    expect(w.takeOver('And Paul wrote to the')).toEqual({ lines: [], interim: 'church in Corinth that', found: true });
    expect(w.interim('and Paul wrote to the church in Corinth that love is')).toBe('church in Corinth that love is');
    expect(w.final('and Paul wrote to the church in Corinth that love is patient.')).toBe('church in Corinth that love is patient.');
    // The next phrase is all new.
    expect(w.interim('love is kind')).toBe('love is kind');
  });

  it('finds the phones’ words in a phrase the browser already finished, whatever their case and punctuation', () => {
    const w = new StandbyWords();
    w.final('Grace to you and peace from God our Father.');
    w.final('I thank my God always');
    w.interim('for you because');
    expect(w.takeOver('grace to you, and peace from God')).toEqual({ lines: ['our Father.', 'I thank my God always'], interim: 'for you because', found: true });
    expect(w.interim('for you because of the grace')).toBe('for you because of the grace');
  });

  it('takes the latest place where the same words come twice', () => {
    const w = new StandbyWords();
    w.final('the Lord is my shepherd');
    w.interim('the Lord is my light and');
    expect(w.takeOver('The Lord is my').interim).toBe('light and');
  });

  it('matches fewer words when the two recognisers wrote the earlier ones differently', () => {
    const w = new StandbyWords();
    w.interim('to the Corinth Ians he said');
    expect(w.takeOver('to the Corinthians he').interim).toBe('said');
  });

  it('sends nothing of what it heard when the phones’ words are not in it, and counts as starting now', () => {
    const w = new StandbyWords();
    w.interim('something else entirely');
    expect(w.takeOver('words it never heard')).toEqual({ lines: [], interim: '', found: false });
    expect(w.interim('something else entirely now')).toBe('now');
  });

  it('sends all it heard when the phones have nothing yet', () => {
    const w = new StandbyWords();
    w.interim('good morning church');
    expect(w.takeOver('')).toEqual({ lines: [], interim: 'good morning church', found: true });
  });
});
