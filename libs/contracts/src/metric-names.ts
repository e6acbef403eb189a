/**
 * Every metric series name the services export on their metrics listener (`GET /metrics` on METRICS_PORT), each
 * with a `service` label. Dashboards (deploy/grafana) and the ops page may only query these.
 */
export const METRIC_NAMES = [
  // HTTP, labelled method, route (the route template), status
  'http_requests_total',
  'http_request_duration_seconds',
  'http_requests_in_flight',
  // Kafka consumers, labelled group, topic (and partition for the lag, outcome for handled messages)
  'kafka_consumer_lag',
  'kafka_messages_handled_total',
  'event_propagation_seconds',
  // The transactional outbox
  'outbox_backlog',
  'outbox_publish_seconds',
  // BullMQ queues, labelled queue, state (jobs) or outcome (duration)
  'bullmq_jobs',
  'bullmq_job_duration_seconds',
  // Database round trips: the driver's commands, labelled command (find, insert, update, …)
  'db_commands_total',
  // Live update streams at the gateway; closed ones labelled reason
  'live_streams_open',
  'live_streams_closed_total',
  'live_push_seconds',
  // prom-client's default metrics
  'process_cpu_seconds_total',
  'process_resident_memory_bytes',
  'nodejs_eventloop_lag_seconds',
  'nodejs_eventloop_lag_p99_seconds',
  'nodejs_gc_duration_seconds',
  'nodejs_heap_size_used_bytes',
] as const;

export type MetricName = (typeof METRIC_NAMES)[number];

/** The histograms among them: their series are `<name>_bucket`, `<name>_sum` and `<name>_count`. */
export const HISTOGRAM_METRIC_NAMES: readonly MetricName[] = [
  'http_request_duration_seconds',
  'event_propagation_seconds',
  'outbox_publish_seconds',
  'bullmq_job_duration_seconds',
  'live_push_seconds',
  'nodejs_gc_duration_seconds',
];
