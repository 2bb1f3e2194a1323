/**
 * `text` as a string of its own. A field split from a line is a slice that keeps the whole line
 * alive (V8 slices strings of 13 characters or more); what a build keeps to its end (trips,
 * stops) would otherwise keep its files' lines in memory nearly whole.
 */
export function ownString(text: string): string {
  return text.length < 13 ? text : (JSON.parse(JSON.stringify(text)) as string);
}

/** Distinct texts, each a string of its own, numbered in first-seen order ('' is 0). */
export class InternedTexts {
  private readonly texts: string[] = [''];
  private readonly index = new Map<string, number>([['', 0]]);

  /** The number of `text`, adding it on first sight. */
  intern(text: string): number {
    let i = this.index.get(text);
    if (i === undefined) {
      i = this.texts.push(ownString(text)) - 1;
      this.index.set(this.texts[i], i);
    }
    return i;
  }

  get(i: number): string {
    return this.texts[i];
  }
}
