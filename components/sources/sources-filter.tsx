import Link from "next/link";
import { SOURCE_HEALTH_STATES } from "@/lib/reads/health/rules/classify-source-health";
import { HEALTH_STATE_META } from "@/lib/reads/health/rules/health-state-meta";
import { MAX_SOURCE_QUERY_LENGTH, sourcesViewHref, type SourcesView } from "@/lib/reads/sources/sources-view";
import type { SourcesPage } from "@/lib/reads/sources/list-sources";
import formStyles from "../forms/form.module.css";
import styles from "./sources-filter.module.css";

type Props = { view: SourcesView; page: SourcesPage };

/** A plain GET form (works without JavaScript, and the address can be shared): state and search, then the pages. */
export function SourcesFilter({ view, page }: Props) {
  const { total } = page;
  const count = new Intl.NumberFormat("en");
  const filtered = view.state !== null || view.q !== "";
  return (
    <div className={styles.filter}>
      {/* Keyed by the view: after a client-side navigation (Show all, a sort) the fields show the new view, not the old. */}
      <form
        key={sourcesViewHref(view)}
        action="/sources"
        method="get"
        className={styles.form}
        role="search"
        aria-label="Filter sources"
      >
        {view.sort !== "title" ? <input type="hidden" name="sort" value={view.sort} /> : null}
        <label className={styles.field}>
          State
          <select name="state" defaultValue={view.state ?? ""}>
            <option value="">All states</option>
            {SOURCE_HEALTH_STATES.map((state) => (
              <option key={state} value={state}>
                {HEALTH_STATE_META[state].label}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          Search
          <input
            type="search"
            name="q"
            defaultValue={view.q}
            maxLength={MAX_SOURCE_QUERY_LENGTH}
            placeholder="Title or address"
          />
        </label>
        <button type="submit" className={formStyles.button}>
          Show
        </button>
        {filtered ? (
          <Link href={sourcesViewHref(view, { state: null, q: "", page: 1 })} className={styles.clear}>
            Show all
          </Link>
        ) : null}
      </form>
      <nav className={styles.pager} aria-label="Pages of sources">
        <p data-sources-count>
          {page.matching === 0
            ? `No source matches, of ${count.format(total)}.`
            : `${count.format(page.offset + 1)}–${count.format(page.offset + page.rows.length)} of ${count.format(page.matching)}${filtered ? ` matching, of ${count.format(total)} sources` : " sources"}`}
        </p>
        {page.page > 1 ? (
          <Link href={sourcesViewHref(view, { page: page.page - 1 })} rel="prev" className={styles.step}>
            ← Previous
          </Link>
        ) : null}
        {page.pages > 1 ? (
          <span className={styles.position}>
            page {page.page} of {page.pages}
          </span>
        ) : null}
        {page.page < page.pages ? (
          <Link href={sourcesViewHref(view, { page: page.page + 1 })} rel="next" className={styles.step}>
            Next →
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
