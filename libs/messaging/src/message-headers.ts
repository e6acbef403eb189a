/** Header names on published events and dead letters. Avoid Nest's own `kafka_*` headers (request/reply). */
export const headers = {
  eventType: 'x-event-type',
  eventId: 'x-event-id',
  schemaVersion: 'x-schema-version',
  correlationId: 'x-correlation-id',
  contentType: 'content-type',
  dlqReason: 'x-dlq-reason',
  dlqConsumer: 'x-dlq-consumer',
  dlqSourceTopic: 'x-dlq-source-topic',
  dlqSourcePartition: 'x-dlq-source-partition',
  dlqSourceOffset: 'x-dlq-source-offset',
  dlqFailedAt: 'x-dlq-failed-at',
} as const;
