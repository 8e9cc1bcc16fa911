export * from './ops.module';
export * from './metrics.service';
export * from './board/queue-board.module';
export * from './board/board-auth.middleware';
export * from './backlog/workspace-backlog';
