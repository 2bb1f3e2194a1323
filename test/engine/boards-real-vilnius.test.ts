// FEATURE UNDER TEST: stop boards and service detail on the real Vilnius feed, compared in service dates and GTFS seconds (the feed is Europe/Vilnius; the API speaks UK time).
import { describe, it } from 'vitest';
import { HAVE_DATA, data } from '../support/data.js';
import { describeRealFeed } from '../support/board-compare.js';

describe.skipIf(!HAVE_DATA)('Vilnius GTFS', () => {
  describeRealFeed('gtfs.zip (2015)', data('gtfs/vilnius_2015-09-01/gtfs.zip'), ['2015-09-01'], 'seconds');
});
