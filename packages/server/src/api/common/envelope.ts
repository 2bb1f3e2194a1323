import type { Page, Paging } from '@transit/engine';
import type { HandlerContext } from './endpoint.js';

/** Page parameters as every list endpoint parses them. */
export interface PageValues {
  page: number;
  limit: number;
}

/** Engine paging (offset, limit) of a 1-based page. */
export function paging(q: PageValues): Paging {
  return { offset: (q.page - 1) * q.limit, limit: q.limit };
}

/**
 * The list envelope: `results_count` is the engine's `total` (every match across all pages);
 * `member` is this page, mapped to DTOs. `extra` fields (e.g. `query`) come before `member`.
 */
export function listBody<T, D>(ctx: HandlerContext, q: PageValues, result: Page<T>, toDto: (item: T) => D, extra: object = {}) {
  return {
    request_time: ctx.requestTime,
    page: q.page,
    limit: q.limit,
    results_count: result.total,
    ...extra,
    member: result.items.map(toDto),
  };
}
