// @app/platform/http: what an app serving HTTP or calling its users' addresses needs, and a process without either
// (the operator CLI) does not load: Fastify under Nest, the contract's body reading, the operators' port, the
// outbound agent (undici). Through @app/platform, every CLI run loaded them (README "Operator CLI").
export * from './fastify';
export * from './json-body';
export * from '../bootstrap/worker-app';
export * from '../net/outbound-agent';
