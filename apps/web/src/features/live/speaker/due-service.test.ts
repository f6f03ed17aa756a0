import { describe, expect, it } from 'vitest';
import type { ScheduledSermon } from '@app/shared';
import { dueService } from './due-service';

const service = (startsAt: string, sermonId: string | null = null): ScheduledSermon => ({
  id: crypto.randomUUID(), churchId: crypto.randomUUID(), title: 'Sunday Worship', startsAt, sourceLanguage: 'en', speakerId: null,
  speakerName: null, sermonId, timeZone: 'Australia/Sydney', createdAt: startsAt,
});

describe('dueService', () => {
  const now = Date.parse('2026-11-29T09:30:00Z');
  it('offers a service due within the hour, or started up to an hour ago, not yet live', () => {
    expect(dueService([service('2026-11-29T10:15:00Z')], now)?.startsAt).toBe('2026-11-29T10:15:00Z');
    expect(dueService([service('2026-11-29T08:45:00Z')], now)).toBeDefined();
    expect(dueService([service('2026-11-29T11:00:00Z')], now)).toBeUndefined();
    expect(dueService([service('2026-11-29T09:40:00Z', crypto.randomUUID())], now)).toBeUndefined();
  });
});
