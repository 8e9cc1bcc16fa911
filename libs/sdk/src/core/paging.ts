/** One page of a list: the spec's envelope {total, list} with the page it is. */
export interface Page<T> {
  total: number;
  list: T[];
  page: number;
  pageSize?: number;
}

type Envelope<T> = { total?: number; list?: T[] } | undefined;

/** A missing list is an empty array, a missing total the items at hand (spec 4.8). */
function normalise<T>(envelope: Envelope<T>): { total: number; list: T[] } {
  const list = Array.isArray(envelope?.list) ? envelope.list : [];
  return { total: typeof envelope?.total === 'number' ? envelope.total : list.length, list };
}

/**
 * A page-numbered list: `for await (const x of list)` reads page 1, 2, … until the items collected
 * reach `total` (spec 4.3's rule) or a page comes back empty; `page(n)` reads one page.
 */
export class PagedList<T> implements AsyncIterable<T> {
  constructor(
    private readonly fetchPage: (page: number) => Promise<Envelope<T>>,
    private readonly pageSize?: number,
  ) {}

  async page(page = 1): Promise<Page<T>> {
    return { ...normalise(await this.fetchPage(page)), page, pageSize: this.pageSize };
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    let collected = 0;
    for (let n = 1; ; n++) {
      const { total, list } = await this.page(n);
      yield* list;
      collected += list.length;
      if (list.length === 0 || collected >= total) return;
    }
  }

  /** Every item (mind the size of what you ask for). */
  async toArray(): Promise<T[]> {
    const items: T[] = [];
    for await (const item of this) items.push(item);
    return items;
  }
}

/**
 * A cursor list (the event feed): each page holds the items after a cursor and `total` counts
 * everything after it, so iteration moves the cursor to the last item until a page holds all.
 */
export class CursorList<T> implements AsyncIterable<T> {
  constructor(
    private readonly fetchAfter: (after: string | undefined) => Promise<Envelope<T>>,
    private readonly cursorOf: (item: T) => string,
    private readonly after?: string,
  ) {}

  /** The first page after the starting cursor; pass its last item's cursor as `after` for the next. */
  async page(): Promise<{ total: number; list: T[] }> {
    return normalise(await this.fetchAfter(this.after));
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    let after = this.after;
    for (;;) {
      const { total, list } = normalise(await this.fetchAfter(after));
      yield* list;
      if (list.length === 0 || list.length >= total) return;
      after = this.cursorOf(list[list.length - 1]);
    }
  }

  async toArray(): Promise<T[]> {
    const items: T[] = [];
    for await (const item of this) items.push(item);
    return items;
  }
}
