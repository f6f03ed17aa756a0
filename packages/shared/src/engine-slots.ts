import { z } from 'zod';
import { engineSlots } from './translation-engine-kinds';

/**
 * The shape a church's engine in a slot (first or second) is read back in, shared by the
 * recognition (decision 038) and voice (decision 040) engines: keys write-only, the last four
 * characters shown.
 */
export function slotEngineSettings<K extends readonly [string, ...string[]]>(kinds: K) {
  return z.object({
    slot: z.enum(engineSlots),
    kind: z.enum(kinds),
    url: z.string().nullable(),
    model: z.string().nullable(),
    hasKey: z.boolean(),
    /** Last four characters only. */
    key: z.string().nullable(),
    updatedAt: z.string(),
  });
}

/** Last success and last error of an engine in a slot, kept on its row. */
export function slotEngineHealth<K extends readonly [string, ...string[]], E extends z.ZodRawShape>(kinds: K, extra: E) {
  return z.object({
    slot: z.enum(engineSlots),
    kind: z.enum(kinds),
    lastOkAt: z.string().nullable(),
    lastError: z.string().nullable(),
    lastErrorAt: z.string().nullable(),
    ...extra,
  });
}

/** PUT …/:slot of a family of engines: its settings, and whether to save although the test failed. */
export function saveSlotEngineBody<C extends z.ZodType>(config: C) {
  return z.intersection(config, z.object({ saveUntested: z.boolean().optional() }));
}

/** POST …/test: unsaved settings; a key left out is the one stored in `slot`. */
export function testSlotEngineBody<C extends z.ZodType>(config: C) {
  return z.intersection(config, z.object({ slot: z.enum(engineSlots).default('primary') }));
}

export const slotEngineParams = z.object({ id: z.string().uuid(), slot: z.enum(engineSlots) });
