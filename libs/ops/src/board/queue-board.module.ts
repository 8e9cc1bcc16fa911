import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { BullBoardModule } from '@bull-board/nestjs';
import { Module } from '@nestjs/common';
import { ALL_QUEUES } from '@app/queues';

/**
 * Bull Board at /admin/queues: every queue of the system, for operators. The app mounts
 * boardOperatorAccess in front of it (configureGateway), with its AppConfig.
 */
@Module({
  imports: [
    BullBoardModule.forRoot({ route: '/admin/queues', adapter: FastifyAdapter }),
    ...ALL_QUEUES.map((name) => BullBoardModule.forFeature({ name, adapter: BullMQAdapter })),
  ],
})
export class QueueBoardModule {}
