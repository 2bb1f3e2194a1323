/** A feed problem found while building. The row it concerns is skipped (or repaired, for warnings). */
export interface FeedIssue {
  /** Stable kind, e.g. `unknown_stop`, `bad_time`, `duplicate_id`. */
  code: string;
  severity: 'error' | 'warning';
  /** Feed name and file, e.g. `GTFS.zip:stop_times.txt`. */
  file: string;
  /** 1-based line in the file (the header is line 1), 0 when not tied to a line. */
  line: number;
  entityId: string;
  field: string;
  value: string;
  message: string;
}

/** Raised instead of recording an issue when --strict is on, and for unreadable inputs. */
export class BuildError extends Error {
  override readonly name = 'BuildError';
}

/** Keeps the first `keep` issues in full and counts all of them by code. */
export class IssueLog {
  readonly kept: FeedIssue[] = [];
  readonly counts = new Map<string, number>();
  total = 0;

  constructor(
    private readonly strict = false,
    private readonly keep = 1000,
  ) {}

  add(issue: FeedIssue): void {
    if (this.strict) throw new BuildError(`${issue.file}:${issue.line}: ${issue.message} (${issue.code}, ${issue.field}=${JSON.stringify(issue.value)}) [--strict]`);
    this.total++;
    this.counts.set(issue.code, (this.counts.get(issue.code) ?? 0) + 1);
    if (this.kept.length < this.keep) this.kept.push(issue);
  }

  /** One line per code, most frequent first. */
  summary(): string[] {
    return [...this.counts.entries()].sort((a, b) => b[1] - a[1]).map(([code, n]) => `${code}: ${n}`);
  }
}
