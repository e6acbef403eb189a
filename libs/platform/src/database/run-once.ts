import type { Connection } from 'mongoose';
import { type ExclusiveOptions, runOnceExclusively } from './run-exclusively';

/**
 * Runs a one-time data step (a read model filled from the collections it replaces) unless the marker named `name` in
 * the `markers` collection says it ran. Instances starting at once run it one at a time (runOnceExclusively): one
 * does it, the others wait for its marker. The marker is written only after the step completes, so a run cut short
 * runs again (at once on a waiting instance, else at the next start): steps must be safe to repeat. One keyed read on
 * every later start. True when it ran here.
 */
export async function runOnceBehindMarker(
  connection: Connection,
  markers: string,
  name: string,
  step: () => Promise<void>,
  options?: ExclusiveOptions,
): Promise<boolean> {
  const marker = markerIn(connection, markers, name);
  const outcome = await runOnceExclusively(
    connection,
    {
      name: `${markers}:${name}`,
      isDone: marker.isSet,
      run: async () => {
        await step();
        await marker.set();
      },
    },
    options,
  );
  return outcome.ran;
}

/**
 * A one-time step that older instances may give more work to while a release rolls out (events they still write the
 * old way): it runs at every start until a run finds nothing left to do, then the marker named `name` says it is done.
 * Instances starting at once run it one after another (the later ones normally find nothing left). `step` returns how
 * much it did. Returns that, or null when the marker was already there (or set by another instance meanwhile).
 */
export async function runUntilNothingLeft(
  connection: Connection,
  markers: string,
  name: string,
  step: () => Promise<number>,
  options?: ExclusiveOptions,
): Promise<number | null> {
  const marker = markerIn(connection, markers, name);
  const outcome = await runOnceExclusively(
    connection,
    {
      name: `${markers}:${name}`,
      isDone: marker.isSet,
      run: async () => {
        const done = await step();
        if (done === 0) await marker.set();
        return done;
      },
    },
    options,
  );
  return outcome.ran ? outcome.result : null;
}

function markerIn(connection: Connection, markers: string, name: string) {
  const collection = connection.collection<{ _id: string; at: Date }>(markers);
  return {
    isSet: async () => (await collection.findOne({ _id: name })) !== null,
    set: async () => {
      await collection.updateOne({ _id: name }, { $set: { at: new Date() } }, { upsert: true });
    },
  };
}
