import { z } from 'zod';

export const publicChurch = z.object({ id: z.string().uuid(), name: z.string(), suburb: z.string() });
export const publicChurchList = z.array(publicChurch);
export type PublicChurch = z.infer<typeof publicChurch>;
