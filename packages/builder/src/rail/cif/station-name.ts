/** Joining words kept lower case inside hyphenated place names (Stratford-upon-Avon, Weston-super-Mare). */
const JOINERS = new Set(['on', 'upon', 'in', 'under', 'super', 'the', 'by', 'le', 'en', 'next', 'of', 'de']);

/**
 * Title case for the upper-case station names of CIF files: "SHEFFIELD" -> "Sheffield",
 * "KING'S LYNN" -> "King's Lynn", "BURTON-ON-TRENT" -> "Burton-on-Trent". Mixed-case names are kept.
 */
export function titleCaseStation(name: string): string {
  const text = name.trim().replace(/\s+/g, ' ');
  if (text !== text.toUpperCase()) return text;
  return text.toLowerCase().replace(/([a-z0-9']+)/g, (word: string, _w: string, at: number) => {
    if (text[at - 1] === '-' && text[at + word.length] === '-' && JOINERS.has(word)) return word;
    return word[0].toUpperCase() + word.slice(1);
  });
}
