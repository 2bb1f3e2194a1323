/** Pattern stop flags are `pickup_type << 2 | drop_off_type`; type 1 = none (2 phone and 3 coordinate with the driver still allow it). */
export function canBoard(flags: number): boolean {
  return flags >> 2 !== 1;
}

export function canAlight(flags: number): boolean {
  return (flags & 3) !== 1;
}
