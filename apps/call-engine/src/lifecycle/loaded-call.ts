import type { CallLifecycleRepository } from '@app/calls/lifecycle';

type FoundCall = NonNullable<Awaited<ReturnType<CallLifecycleRepository['findWithAssistant']>>>;
/** A call with its assistant: every call but an inbound one whose assistant is not chosen yet. */
export type LoadedCall = FoundCall & { assistant: NonNullable<FoundCall['assistant']> };
