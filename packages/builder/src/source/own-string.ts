/**
 * `text` as a string of its own. A field split from a line is a slice that keeps the whole line
 * alive (V8 slices strings of 13 characters or more); what a build keeps to its end (trips,
 * stops) would otherwise keep its files' lines in memory nearly whole.
 */
export function ownString(text: string): string {
  return text.length < 13 ? text : (JSON.parse(JSON.stringify(text)) as string);
}
