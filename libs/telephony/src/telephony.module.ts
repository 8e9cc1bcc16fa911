import { Global, Module } from '@nestjs/common';
import { NumbersRepository } from './numbers/numbers.repository';
import { SimulatedTelephony } from './simulated-telephony';
import { TELEPHONY_PROVIDER } from './telephony-provider';

/** The telephony provider (the simulator by default) and the numbers workspaces hold. */
@Global()
@Module({
  providers: [NumbersRepository, { provide: TELEPHONY_PROVIDER, useClass: SimulatedTelephony }],
  exports: [NumbersRepository, TELEPHONY_PROVIDER],
})
export class TelephonyModule {}
