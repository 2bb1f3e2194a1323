/** A body already serialised to JSON text (hand-rolled writers); written as is. */
export class RawJson {
  constructor(readonly text: string) {}
}
