import { it } from 'vitest';
import { HAVE_DATA, NO_DATA_MESSAGE } from './data.js';

/** Inside a real-data describe block: when ../shared/data is absent, shows why its tests did not run (the one intended skip). */
export function noDataNotice(): void {
  if (!HAVE_DATA) it.skip(NO_DATA_MESSAGE, () => {});
}
