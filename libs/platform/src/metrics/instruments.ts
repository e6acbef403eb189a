import { Counter, Gauge, Histogram } from 'prom-client';
import { metricsRegistry } from './registry';

/*
 * The metrics every service exposes, in one place: names and labels are a contract with the dashboards and alerts
 * (docs/architecture.md "Metrics"). Few buckets, so a request costs a few array writes.
 */
const registers = [metricsRegistry];

/** Requests: fast reads are a few ms, uploads and AI insights may take seconds. */
const requestBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];
/** From an event's storage (or occurrence) to its publication (or handling): normally well under a second. */
const propagationBuckets = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15, 60];
/** Background jobs: a delivery takes a moment, a file's processing or a rollover may take minutes. */
const jobBuckets = [0.05, 0.25, 1, 5, 15, 60, 300];

export const httpRequestsTotal = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by method, route template and status.',
  labelNames: ['method', 'route', 'status'] as const,
  registers,
});

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request to its response, by method, route template and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: requestBuckets,
  registers,
});

export const httpRequestsInFlight = new Gauge({
  name: 'http_requests_in_flight',
  help: 'HTTP requests received and not yet answered.',
  registers,
});

export const kafkaConsumerLag = new Gauge({
  name: 'kafka_consumer_lag',
  help: "Messages of a partition not yet committed by the consumer group (latest offset minus the group's committed offset).",
  labelNames: ['group', 'topic', 'partition'] as const,
  registers,
});

export const kafkaMessagesHandled = new Counter({
  name: 'kafka_messages_handled_total',
  help: 'Consumed messages by outcome: handled, duplicate (already in the inbox), ignored (no handler) or dead-lettered.',
  labelNames: ['group', 'topic', 'outcome'] as const,
  registers,
});

export const eventPropagationSeconds = new Histogram({
  name: 'event_propagation_seconds',
  help: "Time from an event's occurredAt to its handling by a consumer of another service.",
  labelNames: ['group', 'topic'] as const,
  buckets: propagationBuckets,
  registers,
});

export const outboxBacklog = new Gauge({
  name: 'outbox_backlog',
  help: 'Events appended but not yet published to Kafka (refreshed every few seconds).',
  registers,
});

export const outboxPublishSeconds = new Histogram({
  name: 'outbox_publish_seconds',
  help: 'Time from an event being stored to its publication on Kafka.',
  buckets: propagationBuckets,
  registers,
});

export const bullmqJobs = new Gauge({
  name: 'bullmq_jobs',
  help: 'Jobs of a BullMQ queue by state: waiting, active, delayed, failed.',
  labelNames: ['queue', 'state'] as const,
  registers,
});

export const bullmqJobDuration = new Histogram({
  name: 'bullmq_job_duration_seconds',
  help: 'Time a worker spent on a job, by queue and outcome (completed or failed).',
  labelNames: ['queue', 'outcome'] as const,
  buckets: jobBuckets,
  registers,
});

/** Live updates at the gateway (docs/architecture.md "Live updates"). */
export const liveStreamsOpen = new Gauge({
  name: 'live_streams_open',
  help: 'Live update streams open on this instance.',
  registers,
});

export const liveStreamsClosed = new Counter({
  name: 'live_streams_closed_total',
  help: 'Live update streams ended, by reason: client (went away), shed (fell behind), expired (token), shutdown.',
  labelNames: ['reason'] as const,
  registers,
});

export const livePushSeconds = new Histogram({
  name: 'live_push_seconds',
  help: "Time from a live signal's occurredAt (sent by a service) to its write on a member's stream.",
  buckets: propagationBuckets,
  registers,
});

/**
 * Commands the MongoDB driver sent (one per database round trip: find, insert, update, findAndModify, …), counted from
 * the driver's command monitoring (database.module.ts). The load suite divides its growth by the commands a scenario
 * ran, for the round trips each command costs, and by collection, for where they go (tools/bench).
 */
export const dbCommandsTotal = new Counter({
  name: 'db_commands_total',
  help: 'Commands sent to the database by the MongoDB driver, by command name and collection.',
  labelNames: ['command', 'collection'] as const,
  registers,
});
