import { Module } from '@nestjs/common';
import { SipTrunksRepository } from './trunks/sip-trunks.repository';
import { DncRepository } from './dnc/dnc.repository';
import { NumbersRepository } from './numbers/numbers.repository';
import { SimulatedTelephony } from './simulated-telephony';
import { TELEPHONY_PROVIDER } from './telephony-provider';

/** The telephony provider (the simulator by default), the numbers workspaces hold, their do-not-call lists. */
@Module({
  providers: [
    NumbersRepository,
    DncRepository,
    SipTrunksRepository,
    { provide: TELEPHONY_PROVIDER, useClass: SimulatedTelephony },
  ],
  exports: [NumbersRepository, DncRepository, SipTrunksRepository, TELEPHONY_PROVIDER],
})
export class TelephonyModule {}
