// Ids made the service's way (its compiled libs/platform ids.ts): the history tables are partitioned
// by id, so a row whose id the service would not make falls in no partition. Every bench publisher
// and floor takes its ids from here.
'use strict';
const { newId } = require('../dist/libs/platform/src/ids');

module.exports = { newId };
