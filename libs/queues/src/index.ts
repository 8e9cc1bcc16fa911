export * from './jobs';
export * from './job-queues';
export * from './job-consumer';
export * from './queues.module';
export * from './redis-connection';
