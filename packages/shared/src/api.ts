import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants';

export const API_PREFIX = '/api/v1';

export const healthResponse = z.object({
  status: z.literal('ok'),
  db: z.enum(['pglite', 'postgres']),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponse>;

/** GET /api/v1/ready: 200 when the database (and Redis, when configured) answer, else 503 naming what failed. */
export const readyResponse = z.object({
  status: z.enum(['ready', 'not_ready']),
  db: z.enum(['ok', 'failed']),
  redis: z.enum(['ok', 'failed', 'not configured']),
});
export type ReadyResponse = z.infer<typeof readyResponse>;

export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  code: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string(), key: z.string().optional() })).optional(),
});

/** `?page=1&pageSize=20&q=&sort=` (ARCHITECTURE.md section 4). */
export const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  q: z.string().trim().max(200).optional(),
  sort: z.string().trim().max(50).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export function pageOf<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

export const idParams = z.object({ id: z.string().uuid() });
