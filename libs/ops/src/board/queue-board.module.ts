import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { BullBoardModule } from '@bull-board/nestjs';
import { Module } from '@nestjs/common';
import { ALL_QUEUES } from '@app/queues';

/** Where Bull Board is served on the gateway. */
export const BOARD_ROUTE = '/admin/queues';
export const isBoardUrl = (url: string) => url === BOARD_ROUTE || /^\/admin\/queues[/?]/.test(url);

/**
 * Bull Board at /admin/queues: every queue of the system, for operators. The app mounts
 * boardOperatorAccess in front of it (configureGateway), with its AppConfig.
 */
@Module({
  imports: [
    BullBoardModule.forRoot({ route: BOARD_ROUTE, adapter: FastifyAdapter }),
    ...ALL_QUEUES.map((name) => BullBoardModule.forFeature({ name, adapter: BullMQAdapter })),
  ],
})
export class QueueBoardModule {}
