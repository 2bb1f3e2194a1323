// FEATURE UNDER TEST: stop boards and service detail on the real Wales (Traveline 2018) feed, against an independent reference reader.
import { describe, it } from 'vitest';
import { HAVE_DATA, data } from '../support/data.js';
import { describeRealFeed } from '../support/board-compare.js';

describe.skipIf(!HAVE_DATA)('Wales GTFS', () => {
  describeRealFeed('GTFS.zip (2018)', data('gtfs/wales_traveline_2018-09-19/GTFS.zip'), ['2018-09-19'], 'time');
});
