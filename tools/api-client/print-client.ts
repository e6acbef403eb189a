// Prints the client the committed document generates, for the staleness spec: Prettier and the generator load ES
// modules at run time, which Jest's CommonJS sandbox cannot, so the spec runs this in its own Node process.
import { renderClient } from './render-client';

renderClient().then(
  (source) => process.stdout.write(source, () => process.exit(0)),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
