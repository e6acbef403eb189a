import { appendFileSync } from 'node:fs';
import type { Connection } from 'mongoose';
import { requestContext } from '../logging/logger';

/**
 * Development aid for counting a request's round trips (`ABIDE_DB_TRACE=<file>`): every command the driver sends is
 * appended to the file as one tab-separated line: time, service, pid, the request it ran for (id, then method and url; '-' for background
 * work: the relay, consumers, healers), command, collection and the shape of its filter (keys only, never values).
 * Off unless the variable is set; a synchronous append per command is far too slow for anything but looking.
 */
export const traceCommands = (client: ReturnType<Connection['getClient']>, service: string, file = process.env.ABIDE_DB_TRACE): void => {
  if (!file) return;
  client.on('commandStarted', (event) => {
    const { collection, shape } = describeCommand(event.commandName, event.command as Record<string, unknown>);
    const line = [new Date().toISOString(), service, process.pid, ...request(), event.commandName, collection, shape];
    appendFileSync(file, line.join('\t') + '\n');
  });
};

/** The request a command ran for: its id and `METHOD /url`, or '-' twice for background work. */
const request = (): [string, string] => {
  const req = requestContext.getStore()?.req;
  return req ? [req.id, `${req.method} ${req.url}`] : ['-', '-'];
};

const keysOf = (value: unknown): string => {
  if (typeof value !== 'object' || value === null) return '';
  return Object.entries(value as Record<string, unknown>)
    .map(([key, inner]) =>
      typeof inner === 'object' && inner !== null && !Array.isArray(inner) && !(inner instanceof Date) && key.startsWith('$')
        ? `${key}{${keysOf(inner)}}`
        : key,
    )
    .join(',');
};

/** The collection a command is on and its filter's (and update's) keys, e.g. `q{_id,revision} u{$set{state,revision}}`. */
export const describeCommand = (name: string, command: Record<string, unknown>): { collection: string; shape: string } => {
  const collection = String(command[name] ?? '');
  const statements = (list: unknown, filterField: string, updateField?: string) =>
    (Array.isArray(list) ? list : [])
      .map(
        (s: Record<string, unknown>) =>
          `q{${keysOf(s[filterField])}}${updateField ? ` u{${keysOf(s[updateField])}}${s.upsert ? ' upsert' : ''}` : ''}`,
      )
      .join(' | ');
  switch (name) {
    case 'find':
      return { collection, shape: `q{${keysOf(command.filter)}}${command.limit ? ` limit ${String(command.limit)}` : ''}` };
    case 'update':
      return { collection, shape: statements(command.updates, 'q', 'u') };
    case 'delete':
      return { collection, shape: statements(command.deletes, 'q') };
    case 'insert':
      return { collection, shape: `${Array.isArray(command.documents) ? command.documents.length : 0} document(s)` };
    case 'findAndModify':
      return { collection, shape: `q{${keysOf(command.query)}} u{${keysOf(command.update)}}${command.upsert ? ' upsert' : ''}` };
    default:
      return { collection, shape: '' };
  }
};
