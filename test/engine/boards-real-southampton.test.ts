// FEATURE UNDER TEST: stop boards and service detail on the real Southampton (Bluestar) feed, a weekday and a bank holiday, against an independent reference reader.
import { describe, it } from 'vitest';
import { HAVE_DATA, data } from '../support/data.js';
import { describeRealFeed } from '../support/board-compare.js';

describe.skipIf(!HAVE_DATA)('Southampton GTFS', () => {
  describeRealFeed('bluestar_1752137428.zip', data('gtfs/bluestar_southampton_2025-07-10/bluestar_1752137428.zip'), ['2025-07-10', '2025-08-25'], 'time');
});
