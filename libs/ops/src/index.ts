export * from './ops.module';
export * from './metrics.service';
export * from './board/queue-board.module';
