import { z } from 'zod';

/** Every 4xx/5xx answer of the API has this shape; `message` names the problem. */
export const errorResponse = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** A numeric id in a path, e.g. /admin/users/{id}. */
export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export type IdParams = z.infer<typeof idParams>;

/** Spec lists take optional limit and page (page counts from 0); without them the whole list is returned. */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  page: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const countResponse = z.object({ count: z.number().int().nonnegative() });
export type CountResponse = z.infer<typeof countResponse>;

export const healthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
});
export type HealthResponse = z.infer<typeof healthResponse>;
