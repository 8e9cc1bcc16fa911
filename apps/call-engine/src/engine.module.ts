import { Module } from '@nestjs/common';
import { CampaignsDataModule } from '@app/campaigns';
import { CallsDataModule } from '@app/calls';
import { CallLifecycleRepository } from '@app/calls/lifecycle';
import { DbModule } from '@app/db';
import { OpsModule } from '@app/ops';
import { ConfigModule, LoggingModule, SecretsModule } from '@app/platform';
import { QueuesModule } from '@app/queues';
import { TelephonyModule } from '@app/telephony';
import { CampaignRunner } from './campaigns/campaign-runner';
import { HistoryMaintenance } from './retention/history-maintenance';
import { MediaRetention } from './retention/media-retention';
import { AssistantChooser } from './inbound/assistant-chooser';
import { AssistantRequest } from './inbound/assistant-request';
import { CallEngineConsumer } from './lifecycle/call-engine.consumer';
import { AfterCallConsumer } from './lifecycle/after-call.consumer';
import { CallLifecycleService } from './lifecycle/call-lifecycle.service';
import { WakeUps } from './lifecycle/wake-ups';
import { CallTransitions } from './lifecycle/call-transitions';
import { SipCalls } from './sip/sip-calls';
import { SipInbound } from './sip/sip-inbound';
import { SipStack } from './sip/sip-stack';
import { WebCalls } from './web/web-calls';
import { Speech } from './media/speech';
import { Transcriber } from './media/transcriber';
import { ReconcilerService } from './reconciler/reconciler.service';
import { McpToolRunner } from './tools/mcp-tool-runner';
import { Brains } from './conversation/brains';
import { CallAnalyst } from './conversation/call-analyst';

@Module({
  imports: [
    ConfigModule,
    LoggingModule,
    SecretsModule,
    DbModule,
    QueuesModule,
    OpsModule,
    CallsDataModule,
    TelephonyModule,
    CampaignsDataModule,
  ],
  providers: [
    CallEngineConsumer,
    AfterCallConsumer,
    CallLifecycleService,
    WakeUps,
    CallTransitions,
    SipStack,
    SipCalls,
    SipInbound,
    WebCalls,
    CallLifecycleRepository,
    ReconcilerService,
    CampaignRunner,
    MediaRetention,
    HistoryMaintenance,
    McpToolRunner,
    Brains,
    CallAnalyst,
    Speech,
    Transcriber,
    AssistantChooser,
    AssistantRequest,
  ],
})
export class EngineModule {}
