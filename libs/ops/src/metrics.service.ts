import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Every Prometheus metric of the service, on a registry per app instance (so apps sharing a
 * process in tests do not collide). Each app fills in the ones that concern it.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly callTransitions = new Counter({
    name: 'call_transitions_total',
    help: 'Call state transitions applied by the call-engine, by new status and endedReason',
    labelNames: ['status', 'ended_reason'] as const,
    registers: [this.registry],
  });

  readonly assistantRequests = new Counter({
    name: 'assistant_requests_total',
    help: "Requests to numbers' assistantRequestUrl, by outcome (chosen, rejected, timeout, error, invalid)",
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly callStepLag = new Histogram({
    name: 'call_step_lag_seconds',
    help: 'How late the call-engine applied a call step (connect, complete, ...) after the time it was due',
    labelNames: ['step'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  readonly deliveries = new Counter({
    name: 'webhook_deliveries_total',
    help: 'Webhook delivery attempts by outcome (succeeded, retry, failed, gone)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly attemptDuration = new Histogram({
    name: 'webhook_attempt_duration_seconds',
    help: 'Duration of one webhook delivery attempt',
    labelNames: ['outcome'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly eventToDelivery = new Histogram({
    name: 'webhook_event_to_delivery_seconds',
    help: 'Lag from an event occurring to its successful delivery',
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 3600],
    registers: [this.registry],
  });

  readonly rtpSendIntervalError = new Histogram({
    name: 'rtp_send_interval_error_seconds',
    help: 'How far the interval between two RTP packets of a call strays from 20 ms (send jitter)',
    buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.002, 0.003, 0.005, 0.01, 0.02, 0.05, 0.1],
    registers: [this.registry],
  });

  readonly rtpPackets = new Counter({
    name: 'rtp_packets_total',
    help: 'RTP packets of ended SIP calls: sent, received, and lost (never arrived) on receive',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  readonly voiceToVoice = new Histogram({
    name: 'voice_to_voice_seconds',
    help: "Real calls: from the end of the caller's speech to the first audio of the assistant's answer",
    buckets: [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3, 5, 10],
    registers: [this.registry],
  });

  readonly sipCallsLive = new Gauge({
    name: 'sip_calls_live',
    help: 'SIP calls this engine holds now (ringing or connected)',
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }
}
