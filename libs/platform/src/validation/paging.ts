import { ApiPropertyOptional } from '@nestjs/swagger';
import { z } from 'zod';
import { QueryInt } from './decorators';

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

/** page starts at 1 (spec 4.3); pageSize 1–100, default 20 (the maximum is our decision, spec 8). */
export class PageQuery {
  @ApiPropertyOptional({ description: 'Page to read, starting at 1', minimum: 1, default: 1 })
  @QueryInt(1, 1_000_000)
  page?: number;

  @ApiPropertyOptional({
    description: 'Items per page',
    minimum: 1,
    maximum: MAX_PAGE_SIZE,
    default: DEFAULT_PAGE_SIZE,
  })
  @QueryInt(1, MAX_PAGE_SIZE)
  pageSize?: number;
}

export function pageWindow(q: PageQuery): { skip: number; take: number } {
  const page = q.page ?? 1;
  const take = q.pageSize ?? DEFAULT_PAGE_SIZE;
  return { skip: (page - 1) * take, take };
}

/** The list envelope of spec 2.4. */
export interface ListEnvelope<T> {
  total: number;
  list: T[];
}

/** The list envelope of spec 2.4 around one item contract. */
export const listOf = <T extends z.ZodType>(item: T) => z.object({ total: z.number().int(), list: z.array(item) });
