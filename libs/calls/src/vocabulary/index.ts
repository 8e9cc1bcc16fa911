// @app/calls/vocabulary: the words other domains describe calls with (statuses, a script's steps), without the
// calls' data module and the queues it loads: libs/assistants needs only these, and the operator CLI, which reaches
// assistants, then loads no BullMQ (README "Operator CLI").
export * from '../call-status';
export * from '../script-step';
