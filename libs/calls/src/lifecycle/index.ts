/**
 * The call-engine's side of calls: the only writer of a call's status after creation, and the pure
 * logic that decides a call's next step. Importable from apps/call-engine only (lint enforces it).
 */
export * from './call-lifecycle.repository';
export * from './conversation';
export * from './next-step';
