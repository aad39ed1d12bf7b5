// A Google Reader API call's parameters: the query string and an urlencoded (or multipart) POST
// body together, as FreshRSS and Miniflux read them. Names repeat (`i`, `s`, `a`, `r`): all(name)
// gives every value, get(name) the first. A name the body carries is taken from the body only,
// as FreshRSS does (its POST wins over its query string), so one value is never counted twice.

/** At most this many values of one name (100,000 `i` or `s` are refused before any handler runs). */
export const MAX_VALUES_PER_NAME = 10_000;

export class GReaderParams {
  private constructor(
    private readonly query: URLSearchParams,
    private readonly body: URLSearchParams,
  ) {}

  /** Null when some name repeats more than MAX_VALUES_PER_NAME times. */
  static from(query: URLSearchParams, body: URLSearchParams = new URLSearchParams()): GReaderParams | null {
    for (const params of [query, body]) {
      const counts = new Map<string, number>();
      for (const name of params.keys()) {
        const count = (counts.get(name) ?? 0) + 1;
        if (count > MAX_VALUES_PER_NAME) return null;
        counts.set(name, count);
      }
    }
    return new GReaderParams(query, body);
  }

  all(name: string): string[] {
    return this.body.has(name) ? this.body.getAll(name) : this.query.getAll(name);
  }

  get(name: string): string | null {
    return this.all(name)[0] ?? null;
  }

  /** Every name and value that counts (the body's names from the body only). */
  *entries(): Generator<[string, string]> {
    for (const entry of this.body) yield entry;
    for (const entry of this.query) if (!this.body.has(entry[0])) yield entry;
  }

  has(name: string): boolean {
    return this.body.has(name) || this.query.has(name);
  }
}
