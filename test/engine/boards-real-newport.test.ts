// FEATURE UNDER TEST: stop boards and service detail on the real Newport feeds, against an independent reference reader of the raw GTFS.
import { describe, it } from 'vitest';
import { HAVE_DATA, data } from '../support/data.js';
import { describeRealFeed } from '../support/board-compare.js';

describe.skipIf(!HAVE_DATA)('Newport GTFS', () => {
  describeRealFeed('other_modalities.zip (2024)', data('gtfs/newport_wales_bods_2024-03-05/other_modalities.zip'), ['2024-03-05'], 'time');
  describeRealFeed('newport-20230613_gtfs.zip', data('gtfs/newport_wales_bods_2023-06-13/newport-20230613_gtfs.zip'), ['2023-06-13'], 'time');
});
