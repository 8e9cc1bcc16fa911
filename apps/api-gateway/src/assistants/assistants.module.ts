import { Module } from '@nestjs/common';
import { AssistantsDataModule } from '@app/assistants';
import { TelephonyModule } from '@app/telephony';
import { AssistantsController } from './assistants.controller';
import { AssistantsService } from './assistants.service';

@Module({
  imports: [AssistantsDataModule, TelephonyModule],
  controllers: [AssistantsController],
  providers: [AssistantsService],
  exports: [AssistantsService],
})
export class AssistantsModule {}
